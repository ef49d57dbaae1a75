/**
 * A put of a new item that survives the SDK resending it. When the first attempt is written but
 * its answer is lost (a dropped connection), the SDK sends it again and that retry fails its
 * `attribute_not_exists(pk)` on our own item: without a look, a created draft or pack answers 500.
 */
import { isDeepStrictEqual } from 'node:util';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from './errors';

type NewItem = { pk: string; sk: string } & Record<string, unknown>;

/**
 * 'written' when the table now holds exactly `item` (written by this call or by its lost first
 * attempt); 'taken' when another item already had its key.
 */
export async function putNew(
  doc: DynamoDBDocumentClient,
  tableName: string,
  item: NewItem,
): Promise<'written' | 'taken'> {
  try {
    await doc.send(
      new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return 'written';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { Item } = await doc.send(
      new GetCommand({ TableName: tableName, Key: { pk: item.pk, sk: item.sk }, ConsistentRead: true }),
    );
    // As stored: the document client leaves out undefined attributes.
    return Item && isDeepStrictEqual(Item, withoutUndefined(item)) ? 'written' : 'taken';
  }
}

const withoutUndefined = (item: NewItem) =>
  Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined));
