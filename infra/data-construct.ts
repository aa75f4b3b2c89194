/** The DynamoDB tables of lambdas/shared/resources/tables.ts: on-demand, point-in-time recovery, encrypted, TTL where items expire. */
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { removalPolicyOf, type Stage } from './config.js';
import { tables, type KeyDef, type TableName } from '../lambdas/shared/resources/tables.js';

const attribute = (k: KeyDef): dynamodb.Attribute => ({
  name: k.name,
  type: k.type === 'N' ? dynamodb.AttributeType.NUMBER : dynamodb.AttributeType.STRING,
});

export class DataConstruct extends Construct {
  readonly tables: Record<TableName, dynamodb.TableV2>;

  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id);
    const { stage } = props;
    const entries = (Object.keys(tables) as TableName[]).map((name) => {
      const def = tables[name];
      const table = new dynamodb.TableV2(this, def.id, {
        tableName: `portal-${stage.name}-${def.id}`,
        partitionKey: attribute(def.partitionKey),
        sortKey: 'sortKey' in def ? attribute(def.sortKey) : undefined,
        billing: dynamodb.Billing.onDemand(),
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
        timeToLiveAttribute: 'ttl' in def ? def.ttl : undefined,
        globalSecondaryIndexes: ('indexes' in def ? def.indexes : []).map((ix) => ({
          indexName: ix.name,
          partitionKey: attribute(ix.partitionKey),
          sortKey: 'sortKey' in ix ? attribute(ix.sortKey) : undefined,
        })),
        deletionProtection: stage.removalPolicy === 'retain',
        removalPolicy: removalPolicyOf(stage),
      });
      return [name, table] as const;
    });
    this.tables = Object.fromEntries(entries) as Record<TableName, dynamodb.TableV2>;
  }
}
