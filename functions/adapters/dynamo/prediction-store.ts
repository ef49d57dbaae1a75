/**
 * Hosted predictions in the single table: a link item per prediction (PREDICTION#id), in the
 * sparse running index until it ends, and the prediction recorded on its job in the same
 * transaction. Links expire with the anonymous uploads' longest life.
 */
import {
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { PredictionLink, PredictionStore } from '../../core/render/prediction-ports';
import { conditionally, isConditionFailure } from './errors';
import { keys } from './table-design';

const LINK_TTL_SECONDS = 14 * 24 * 3600;

export function createDynamoPredictionStore(doc: DynamoDBDocumentClient, tableName: string): PredictionStore {
  return {
    async start(link) {
      const prediction = {
        id: link.predictionId,
        attempt: link.attempt,
        provider: link.provider,
        model: link.model,
        startedAt: link.startedAt,
      };
      return conditionally(() =>
        doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: keys.job(link.uploadId, link.age),
                  UpdateExpression: 'SET prediction = :prediction, updatedAt = :now',
                  // One prediction per attempt: a redelivered start loses here and cancels its own.
                  ConditionExpression:
                    '#status = :processing AND (attribute_not_exists(prediction) OR prediction.attempt < :attempt)',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: {
                    ':prediction': prediction,
                    ':now': link.startedAt,
                    ':processing': 'processing',
                    ':attempt': link.attempt,
                  },
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...keys.prediction(link.predictionId),
                    ...keys.runningPredictionsIndex(link.startedAt, link.predictionId),
                    type: 'prediction',
                    ...link,
                    ttl: Math.floor(Date.parse(link.startedAt) / 1000) + LINK_TTL_SECONDS,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
            ],
          }),
        ),
      );
    },

    async find(predictionId) {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.prediction(predictionId), ConsistentRead: true }),
      );
      return Item ? linkFromItem(Item) : null;
    },

    async listRunning(before, limit) {
      const { Items = [] } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :running AND gsi2sk < :before',
          ExpressionAttributeValues: { ':running': 'PREDICTIONS#running', ':before': before },
          Limit: limit,
        }),
      );
      return Items.map(linkFromItem);
    },

    async end(predictionId) {
      await doc
        .send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.prediction(predictionId),
            UpdateExpression: 'REMOVE gsi2pk, gsi2sk',
            ConditionExpression: 'attribute_exists(pk)',
          }),
        )
        .catch((error) => {
          if (!isConditionFailure(error)) throw error;
        });
    },

    async recordCheck(uploadId, age, check) {
      return conditionally(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.job(uploadId, age),
            UpdateExpression: 'SET hostedCheck = :check',
            ConditionExpression: '#status = :processing',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':check': check, ':processing': 'processing' },
          }),
        ),
      );
    },
  };
}

function linkFromItem(item: Record<string, unknown>): PredictionLink {
  return {
    predictionId: item.predictionId as string,
    uploadId: item.uploadId as string,
    age: item.age as PredictionLink['age'],
    attempt: item.attempt as PredictionLink['attempt'],
    provider: item.provider as PredictionLink['provider'],
    model: item.model as string,
    startedAt: item.startedAt as string,
  };
}
