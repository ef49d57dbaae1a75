import { UploadPage } from '../../features/upload/UploadPage';
import { QueryProvider } from '../query-provider';

export function UploadRoute() {
  return (
    <QueryProvider>
      <UploadPage />
    </QueryProvider>
  );
}
