import { ComposerGalleryPage } from '../../features/composer/gallery/ComposerGalleryPage';
import { QueryProvider } from '../query-provider';

export function ComposerGalleryRoute() {
  return (
    <QueryProvider>
      <ComposerGalleryPage />
    </QueryProvider>
  );
}
