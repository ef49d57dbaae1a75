/** One photo in My photos: thumbnail (or a friendly placeholder), date, status, open and delete. */
import type { MyUpload } from '@shared/schemas/account';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/Button';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { formatPhotoDate, photoState, photoStatusText } from '../photo-list-rules';

type PhotoCardProps = { upload: MyUpload; onDelete: (upload: MyUpload) => void };

export function PhotoCard({ upload, onDelete }: PhotoCardProps) {
  const date = formatPhotoDate(upload.createdAt);
  const href = `/result/${upload.uploadId}`;
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <Link
        to={href}
        className="relative block aspect-square bg-gradient-to-br from-violet-50 to-rose-50 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-violet-300"
        aria-label={`Open the previews of your photo from ${date}`}
      >
        <Thumbnail upload={upload} />
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <p className="font-bold text-slate-900">
            <time dateTime={upload.createdAt}>{date}</time>
          </p>
          <p className="text-sm text-slate-700">{photoStatusText(upload)}</p>
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          <Link to={href} className={buttonClasses('outline', 'sm')}>
            View results
          </Link>
          <Button
            variant="danger"
            size="sm"
            aria-label={`Delete photo from ${date}`}
            onClick={() => onDelete(upload)}
          >
            Delete
          </Button>
        </div>
      </div>
    </Card>
  );
}

function Thumbnail({ upload }: { upload: MyUpload }) {
  if (upload.thumbnailUrl) {
    return (
      <img
        src={upload.thumbnailUrl}
        alt=""
        className="size-full object-cover"
        loading="lazy"
        decoding="async"
      />
    );
  }
  const state = photoState(upload);
  return (
    <div className="flex size-full flex-col items-center justify-center gap-3 p-4 text-center text-slate-700">
      {state === 'processing' ? (
        <Spinner className="size-10" />
      ) : (
        <span className="text-4xl" aria-hidden="true">
          {state === 'failed' ? '🌧️' : '🖼️'}
        </span>
      )}
      <span className="font-semibold">
        {state === 'processing' ? 'Your previews are on their way' : 'No preview yet'}
      </span>
    </div>
  );
}
