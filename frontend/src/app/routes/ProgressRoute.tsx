import { ProgressPage } from '../../features/progress/ProgressPage';
import { QueryProvider } from '../query-provider';

export function ProgressRoute() {
  return (
    <QueryProvider>
      <ProgressPage />
    </QueryProvider>
  );
}
