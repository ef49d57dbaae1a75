/** The DynamoDB document client every table store of a root shares. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AppConfig } from '../config';
import { awsClientConfig, type RootOptions } from './options';

export const documentClient = (config: AppConfig, options: RootOptions) =>
  DynamoDBDocumentClient.from(new DynamoDBClient(awsClientConfig(config, options)), {
    marshallOptions: { removeUndefinedValues: true },
  });
