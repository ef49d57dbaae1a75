import { MomentsGalleryPage } from '../../features/moments/gallery/MomentsGalleryPage';
import { QueryProvider } from '../query-provider';

export function MomentsGalleryRoute() {
  return (
    <QueryProvider>
      <MomentsGalleryPage />
    </QueryProvider>
  );
}
