/** "You already have a photo processing": offered while this browser's last visitor upload is unmigrated. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { lastTempUploadId } from '../../../lib/session';
import { uploadQueryOptions } from '../../../lib/upload-query';

export function ProcessingBanner() {
  const id = lastTempUploadId();
  const { data } = useQuery({ ...uploadQueryOptions(id ?? ''), enabled: Boolean(id), retry: false });
  if (!id || !data?.viewerIsOwner || data.migrated) return null;

  return (
    <div
      role="status"
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="font-semibold text-amber-950">
        <span aria-hidden="true">⏳ </span>You already have a photo processing
      </p>
      <Link
        to={`/progress?tempUploadId=${encodeURIComponent(id)}`}
        className="inline-flex min-h-11 items-center justify-center rounded-full bg-amber-900 px-5 font-semibold text-white hover:bg-amber-950 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-amber-300"
      >
        View progress
      </Link>
    </div>
  );
}
