/** The single DynamoDB table, keyed as functions/adapters/dynamo/table-design.ts says. */
import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { tableDesign } from '../../functions/adapters/dynamo/table-design';

export type DataProps = { removalPolicy: RemovalPolicy };

export class Data extends Construct {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);

    const string = dynamodb.AttributeType.STRING;
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: tableDesign.partitionKey, type: string },
      sortKey: { name: tableDesign.sortKey, type: string },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: tableDesign.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      deletionProtection: props.removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy: props.removalPolicy,
    });
    // Each index serves several sparse access patterns (the `keys` of table-design.ts): gsi1 owners'
    // uploads, templates, packs; gsi2 approved templates, running predictions and the render jobs
    // still processing (what the render sweeper reads for stuck ones, instead of a Scan).
    for (const index of tableDesign.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: string },
        sortKey: { name: index.sortKey, type: string },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
  }

  /** Names of the table's secondary indexes (for least-privilege policies that avoid `index/*`). */
  get indexNames(): string[] {
    return tableDesign.globalIndexes.map((index) => index.name);
  }
}
