import { ComposerPage } from '../../features/composer/wizard/ComposerPage';
import { QueryProvider } from '../query-provider';

export function ComposerRoute() {
  return (
    <QueryProvider>
      <ComposerPage />
    </QueryProvider>
  );
}
