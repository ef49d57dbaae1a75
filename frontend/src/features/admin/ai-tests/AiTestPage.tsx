/**
 * The frame of an AI test page: its header and the capability's provider, the form in a card, and
 * what the run gives (`children`) beside it, or below it on a phone.
 */
import type { ImageCapabilityName } from '@shared/rules/image-capabilities';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { AdminPageHeader } from '../layout/AdminPageHeader';
import { CapabilityNote } from './CapabilityNote';

const COLUMNS = {
  even: 'grid grid-cols-1 items-start gap-4 lg:grid-cols-2',
  wideResult: 'grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]',
};

type Props = {
  title: string;
  intro: ReactNode;
  capability: ImageCapabilityName;
  columns?: keyof typeof COLUMNS;
  onSubmit(): void;
  form: ReactNode;
  children: ReactNode;
};

export function AiTestPage({ title, intro, capability, columns = 'even', onSubmit, form, children }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <>
      <AdminPageHeader title={title}>{intro}</AdminPageHeader>
      <CapabilityNote capability={capability} />
      <div className={COLUMNS[columns]}>
        <Card className="p-4 sm:p-5">
          <form noValidate onSubmit={submit} className="flex flex-col gap-5">
            {form}
          </form>
        </Card>
        {children}
      </div>
    </>
  );
}

/** The form's submit button, which says so while the test runs. */
export function RunButton({
  busy,
  idle = 'Run',
  running = 'Running…',
}: {
  busy: boolean;
  idle?: string;
  running?: string;
}) {
  return (
    <Button type="submit" disabled={busy} className="self-start">
      {busy ? running : idle}
    </Button>
  );
}

/** A failure, read out where it appears; `children` adds detail. */
export function TestFailed({
  title = 'The test failed',
  message,
  children,
}: {
  title?: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <div role="alert" className="rounded-2xl bg-rose-50 p-3 text-rose-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 break-words">{message}</p>
      {children}
    </div>
  );
}
