import { MyPhotosPage } from '../../features/my-photos/MyPhotosPage';
import { QueryProvider } from '../query-provider';

export function MyPhotosRoute() {
  return (
    <QueryProvider>
      <MyPhotosPage />
    </QueryProvider>
  );
}
