/** The results page with the share dialog plugged in: features meet here, not inside each other. */
import { ResultsPage } from '../../features/results/ResultsPage';
import { ShareToSocial } from '../../features/share/ShareToSocial';
import { QueryProvider } from '../query-provider';

export function ResultRoute() {
  return (
    <QueryProvider>
      <ResultsPage renderShare={(upload) => <ShareToSocial upload={upload} />} />
    </QueryProvider>
  );
}
