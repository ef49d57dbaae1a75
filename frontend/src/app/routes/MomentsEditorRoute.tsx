import { MomentsEditorPage } from '../../features/moments/editor/MomentsEditorPage';
import { QueryProvider } from '../query-provider';

export function MomentsEditorRoute() {
  return (
    <QueryProvider>
      <MomentsEditorPage />
    </QueryProvider>
  );
}
