/**
 * /checkout?product=&uploadId=&returnPath=: the page the HD and plan buttons open in a new tab.
 * Signed in, it asks the API for a Stripe Checkout session and replaces itself with Stripe's page;
 * signed out, useRequireSignIn sends the parent to /auth and back here. A failure shows what
 * checkoutFailure says (the fixed wording, the server's message) with a way back.
 */
import { formatPrice, getProduct } from '@shared/catalog';
import { Lock } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/Button';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { PageMessage } from '../../components/ui/PageState';
import { Spinner } from '../../components/ui/Spinner';
import { callApi, serverReason } from '../../lib/api-client';
import { useRequireSignIn } from '../../lib/auth/use-require-sign-in';
import {
  type CheckoutFailure,
  checkoutFailure,
  type ParsedCheckout,
  parseCheckoutLink,
} from '../../lib/checkout/checkout-link';
import { backLabel, isStripeUrl } from './checkout-page-rules';

/** Wording of the hand-over to Stripe (product wording, free to improve). */
const copy = {
  redirecting: 'Taking you to secure checkout…',
  redirectingNote: 'Payments are handled by Stripe. This only takes a moment.',
  tryAgain: 'Try again',
} as const;

export function CheckoutPage() {
  const auth = useRequireSignIn({ checkout: true });
  const [params] = useSearchParams();
  const link = useMemo(() => parseCheckoutLink(params), [params]);
  if (auth.status !== 'signedIn') return <Redirecting link={link} />;
  return <StartCheckout link={link} />;
}

function StartCheckout({ link }: { link: ParsedCheckout }) {
  // A link without a known product fails at once; otherwise the API's answer decides.
  const [apiFailure, setApiFailure] = useState<CheckoutFailure | null>(null);
  const failure = link.request ? apiFailure : checkoutFailure(link);
  const [attempt, setAttempt] = useState(0);
  // One checkout session per attempt, even when StrictMode runs the effect twice.
  const started = useRef(-1);

  useEffect(() => {
    const request = link.request;
    if (!request || started.current === attempt) return;
    started.current = attempt;
    callApi('createCheckout', { body: request }).then(
      ({ url }) => {
        if (isStripeUrl(url)) window.location.replace(url);
        else setApiFailure(checkoutFailure(link));
      },
      (error) => setApiFailure(checkoutFailure(link, serverReason(error))),
    );
  }, [attempt, link]);

  if (failure === null) return <Redirecting link={link} />;
  return (
    <PageMessage emoji="🧾" title={failure.title} role="alert">
      {failure.reason && <p className="text-slate-700">{failure.reason}</p>}
      <p className="text-slate-700">Nothing was charged.</p>
      <div className="flex flex-wrap justify-center gap-3">
        {link.request && (
          <Button
            onClick={() => {
              setApiFailure(null);
              setAttempt((n) => n + 1);
            }}
          >
            {copy.tryAgain}
          </Button>
        )}
        <ButtonLink to={link.backPath} variant="outline">
          {backLabel(link.backPath)}
        </ButtonLink>
      </div>
    </PageMessage>
  );
}

function Redirecting({ link }: { link: ParsedCheckout }) {
  const product = link.request ? getProduct(link.request.productId) : null;
  return (
    <PageMessage emoji={<Spinner className="size-12" />} title={copy.redirecting} role="status">
      {product && (
        <p className="rounded-2xl border border-violet-100 bg-white px-5 py-3 text-slate-800">
          <strong>{product.name}</strong> · {formatPrice(product.priceCents)}
          {product.interval && ` per ${product.interval}`}
        </p>
      )}
      <p className="text-pretty text-sm text-slate-600">
        <Lock className="mr-1 inline size-4 align-[-2px]" aria-hidden="true" />
        {copy.redirectingNote}
      </p>
    </PageMessage>
  );
}
