/**
 * Each service's own AccessDenied answer, in the shape its SDK client parses, so the app sees the same
 * error (name, status, message) locally as in AWS.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LOOPBACK_ORIGIN } from '../emulators/fauxqs';
import { escapeXml } from '../emulators/s3-tagging';
import { header } from './classification';

export type Denial = {
  principal: string;
  action: string;
  resource: string;
  /** "because no identity-based policy allows the s3:GetObject action", etc. */
  because: string;
};

/** The protocol a refusal is written in. */
export type DenialShape = 'dynamodb' | 's3' | 'sqs-json' | 'sqs-query' | 'cognito';

/** As AWS words it: "User: <principal> is not authorized to perform: <action> on resource: <arn> because ...". */
export function accessDeniedMessage(d: Denial): string {
  return `User: ${d.principal} is not authorized to perform: ${d.action} on resource: ${d.resource} ${d.because}`;
}

/** A JSON-protocol refusal: the services differ in status, content type, `__type` and extra headers. */
function jsonDenial(
  status: number,
  contentType: string,
  type: string,
  message: string,
  requestId: string,
  extraHeaders: Record<string, string> = {},
) {
  return {
    status,
    headers: { 'content-type': contentType, 'x-amzn-requestid': requestId, ...extraHeaders },
    body: JSON.stringify({ __type: type, message }),
  };
}

/** The status, headers and body of the refusal. */
export function denialResponse(
  shape: DenialShape,
  d: Denial,
  req: Pick<IncomingMessage, 'method' | 'headers'>,
): { status: number; headers: Record<string, string>; body: string } {
  const requestId = randomUUID();
  const message = accessDeniedMessage(d);
  switch (shape) {
    case 'dynamodb':
      return jsonDenial(
        400,
        'application/x-amz-json-1.0',
        'com.amazonaws.dynamodb.v20120810#AccessDeniedException',
        message,
        requestId,
      );
    case 'cognito':
      return jsonDenial(400, 'application/x-amz-json-1.1', 'AccessDeniedException', message, requestId, {
        'x-amzn-errortype': 'AccessDeniedException:',
      });
    case 'sqs-json':
      // SQS speaks JSON but keeps its query-protocol error codes in this header, which the SDK reads.
      return jsonDenial(
        403,
        'application/x-amz-json-1.0',
        'com.amazon.coral.service#AccessDeniedException',
        message,
        requestId,
        { 'x-amzn-query-error': 'AccessDenied;Sender' },
      );
    case 'sqs-query':
      return {
        status: 403,
        headers: { 'content-type': 'text/xml', 'x-amzn-requestid': requestId },
        body:
          '<?xml version="1.0"?><ErrorResponse xmlns="http://queue.amazonaws.com/doc/2012-11-05/"><Error>' +
          `<Type>Sender</Type><Code>AccessDenied</Code><Message>${escapeXml(message)}</Message><Detail/>` +
          `</Error><RequestId>${requestId}</RequestId></ErrorResponse>`,
      };
    case 's3': {
      const headers: Record<string, string> = {
        'content-type': 'application/xml',
        'x-amz-request-id': requestId.replace(/-/g, '').slice(0, 16).toUpperCase(),
        'x-amz-id-2': 'local-iam',
      };
      // The browser reads a presigned call's error only with the CORS headers S3 sends on errors too.
      const origin = header(req.headers, 'origin');
      if (origin && LOOPBACK_ORIGIN.test(origin)) {
        headers['access-control-allow-origin'] = origin;
        headers.vary = 'Origin';
        headers['access-control-expose-headers'] = 'ETag, x-amz-request-id, x-amz-version-id';
      }
      // A HEAD answer has no body, as S3's: the SDK's error then carries the 403 and no code.
      const body =
        req.method === 'HEAD'
          ? ''
          : '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code>' +
            `<Message>${escapeXml(message)}</Message><RequestId>${headers['x-amz-request-id']}</RequestId>` +
            '<HostId>local-iam</HostId></Error>';
      return { status: 403, headers, body };
    }
  }
}

/** Writes the refusal; `bodyUnread` closes the connection, as the request's body was never read. */
export function writeDenial(
  res: ServerResponse,
  shape: DenialShape,
  d: Denial,
  req: Pick<IncomingMessage, 'method' | 'headers'>,
  bodyUnread = false,
): void {
  const { status, headers, body } = denialResponse(shape, d, req);
  res.writeHead(status, {
    ...headers,
    'content-length': String(Buffer.byteLength(body)),
    ...(bodyUnread ? { connection: 'close' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
