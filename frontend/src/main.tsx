import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startAuth } from './lib/auth/auth-session';
import './index.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// A returning parent's sign-in is confirmed after the first paint; visitors load nothing more.
startAuth();
