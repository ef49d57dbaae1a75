/** Raw reads of the single table, for integration tests that check what an adapter really wrote. */
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

/** One item exactly as stored (attributes the stores never return, such as `ttl`, included). */
export async function getRawItem(
  doc: DynamoDBDocumentClient,
  tableName: string,
  key: { pk: string; sk: string },
) {
  return (await doc.send(new GetCommand({ TableName: tableName, Key: key }))).Item;
}
