/**
 * Subscriptions in the local Stripe fake: read, update (cancel at period end, metadata) and cancel
 * now, each change sent to the webhook as Stripe sends it.
 */
import { type FakeSubscription, type FormObject, stringMap, text } from './objects';

export type ApiResult = { status: number; json: unknown };
type DeliverLater = (type: string, object: unknown, previousAttributes?: Record<string, unknown>) => void;

export const apiError = (status: number, message: string, extra: Record<string, string> = {}): ApiResult => ({
  status,
  json: { error: { type: 'invalid_request_error', message, ...extra } },
});
export const missing = (kind: string, id: string) =>
  apiError(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id' });

export function createFakeSubscriptions(deliverLater: DeliverLater) {
  const subscriptions = new Map<string, FakeSubscription>();

  function update(subscription: FakeSubscription, body: FormObject): ApiResult {
    const previous: Record<string, unknown> = {};
    const cancel = text(body.cancel_at_period_end);
    if (
      (cancel === 'true' || cancel === 'false') &&
      (cancel === 'true') !== subscription.cancel_at_period_end
    ) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      previous.cancel_at = subscription.cancel_at;
      subscription.cancel_at_period_end = cancel === 'true';
      subscription.cancel_at = subscription.cancel_at_period_end ? subscription.current_period_end : null;
    }
    if (body.metadata) {
      previous.metadata = { ...subscription.metadata };
      subscription.metadata = { ...subscription.metadata, ...stringMap(body.metadata) };
    }
    if (Object.keys(previous).length) deliverLater('customer.subscription.updated', subscription, previous);
    return { status: 200, json: subscription };
  }

  /** DELETE /v1/subscriptions/:id ends it now. */
  function cancel(subscription: FakeSubscription): ApiResult {
    if (subscription.status === 'canceled')
      return apiError(400, `This subscription is already canceled: ${subscription.id}`);
    subscription.status = 'canceled';
    deliverLater('customer.subscription.deleted', subscription, { status: 'active' });
    return { status: 200, json: subscription };
  }

  /** The answer for a /v1/subscriptions/:id request, or null for any other path. */
  function handle(method: string, path: string, body: FormObject): ApiResult | null {
    const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (!match) return null;
    const id = decodeURIComponent(match[1]);
    const subscription = subscriptions.get(id);
    if (!subscription) return missing('subscription', id);
    if (method === 'GET') return { status: 200, json: subscription };
    if (method === 'POST') return update(subscription, body);
    if (method === 'DELETE') return cancel(subscription);
    return null;
  }

  return { subscriptions, handle };
}
