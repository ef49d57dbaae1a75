import { MyDraftsPage } from '../../features/moments/drafts/MyDraftsPage';
import { QueryProvider } from '../query-provider';

export function MyDraftsRoute() {
  return (
    <QueryProvider>
      <MyDraftsPage />
    </QueryProvider>
  );
}
