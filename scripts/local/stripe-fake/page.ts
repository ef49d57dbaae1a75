/**
 * The local fake's hosted checkout page: self-contained HTML (no external assets), readable on a
 * phone, clearly a test page. Never part of a deployed stack.
 */
import { formatPrice } from '@shared/catalog';

export type CheckoutPageItem = {
  name: string;
  amountCents: number;
  interval: string | null;
};

export type CheckoutPageSession = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  customerEmail: string | null;
  item: CheckoutPageItem;
};

export const TEST_BANNER = 'Test checkout — no real payment is taken';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** "$12.95", "$14.95/month". */
export function priceLabel(item: CheckoutPageItem): string {
  return `${formatPrice(item.amountCents)}${item.interval ? `/${item.interval}` : ''}`;
}

const styles = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a2e;background:#f4f4f8}
.banner p{margin:0}
.banner{padding:.75rem 1rem;background:#ffd84d;color:#1a1a2e;text-align:center;font-weight:600}
main{max-width:28rem;margin:1.5rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.25rem;margin:0 0 1rem}
.item{display:flex;justify-content:space-between;gap:1rem;font-size:1.125rem;border-top:1px solid #ddd;border-bottom:1px solid #ddd;padding:.75rem 0}
.price{font-weight:700;white-space:nowrap}
.note{color:#444;font-size:.9375rem}
form{margin:1rem 0 0}
button{display:block;width:100%;min-height:48px;padding:.75rem 1rem;font:inherit;font-weight:600;text-align:center;border-radius:.5rem;cursor:pointer;border:2px solid #3b2fc9;background:#3b2fc9;color:#fff}
button.secondary{background:#fff;color:#3b2fc9}
button:focus-visible{outline:3px solid #1a1a2e;outline-offset:2px}
@media (max-width:30rem){main{margin:0;border-radius:0;box-shadow:none}}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body>
<header class="banner"><p>${TEST_BANNER}</p></header>
<main>
${body}
</main>
</body>
</html>
`;
}

export function renderCheckoutPage(session: CheckoutPageSession): string {
  const { item } = session;
  const id = encodeURIComponent(session.id);
  const price = priceLabel(item);
  const summary = `
<h1>Checkout</h1>
<p class="item"><span>${escapeHtml(item.name)}</span> <span class="price">${escapeHtml(price)}</span></p>`;
  if (session.status !== 'open') {
    const state =
      session.status === 'complete' ? 'This checkout is already paid.' : 'This checkout has expired.';
    return layout(`${item.name} — ${price}`, `${summary}\n<p class="note">${state}</p>`);
  }
  const email = session.customerEmail
    ? `\n<p class="note">Receipt to ${escapeHtml(session.customerEmail)}</p>`
    : '';
  const recurring = item.interval ? `\n<p class="note">Renews every ${escapeHtml(item.interval)}.</p>` : '';
  return layout(
    `${item.name} — ${price}`,
    `${summary}${email}${recurring}
<p class="note">This is the local test checkout: Pay completes the order without charging anything.</p>
<form method="post" action="/checkout/${id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/checkout/${id}/cancel"><button type="submit" class="secondary">Cancel</button></form>`,
  );
}

/** A short page for errors (unknown session, already paid). */
export function renderMessagePage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p class="note">${escapeHtml(message)}</p>`);
}
