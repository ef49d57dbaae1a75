/** Entry of the app shell (every client-side route) and of the prerendered landing page. */
import './app/boot/zod-config';
import { createRoutes } from './app/routes';
import { startApp } from './app/start-app';
import './index.css';

startApp(createRoutes());
