/**
 * What a call is authorised as (test/iam/support/record.ts): the IAM action each SDK command needs
 * and what it acts on, by the portal's names.
 */
import { attributesOf, authorisationsOf } from './support/record.js';

const env = { USERS_TABLE: 'local-accounts', DOCUMENTS_TABLE: 'local-documents', DOCUMENTS_BUCKET: 'local-docs', USER_POOL_ID: 'local_pool', EMBED_SECRET_ID: 'local/embed' };
const of = (client: string, command: string, input: Record<string, unknown>) => authorisationsOf({ client, command, input }, env);

describe('a call as IAM authorises it', () => {
  it('DynamoDB: lib-dynamodb\'s and the client\'s commands by operation, an index query on the index, batches and transactions per table', () => {
    expect(of('DynamoDB', 'GetItemCommand', { TableName: 'local-accounts', Key: { sub: 's' } })).toEqual([{ action: 'dynamodb:GetItem', target: { table: 'users', attributes: ['sub'] } }]);
    expect(of('DynamoDB', 'QueryCommand', { TableName: 'local-documents', IndexName: 'byProperty' })).toEqual([{ action: 'dynamodb:Query', target: { table: 'documents', index: 'byProperty' } }]);
    expect(of('DynamoDB', 'BatchGetItemCommand', { RequestItems: { 'local-accounts': {}, 'local-documents': {} } }).map((x) => x.action)).toEqual(['dynamodb:BatchGetItem', 'dynamodb:BatchGetItem']);
    expect(of('DynamoDB', 'TransactWriteItemsCommand', { TransactItems: [{ Put: { TableName: 'local-documents' } }, { ConditionCheck: { TableName: 'local-accounts' } }] })).toEqual([
      { action: 'dynamodb:PutItem', target: { table: 'documents' } },
      { action: 'dynamodb:ConditionCheckItem', target: { table: 'users' } },
    ]);
    expect(of('DynamoDB', 'GetItemCommand', { TableName: 'someone-elses' })).toEqual([{ action: 'dynamodb:GetItem', target: { unknown: 'table someone-elses' } }]);
  });

  it('S3: HeadObject needs GetObject, a presigned POST form PutObject, a copy GetObject and PutObject (and the tagging actions unless tags are replaced)', () => {
    expect(of('S3', 'HeadObjectCommand', { Bucket: 'local-docs', Key: 'documents/a/b.pdf' })).toEqual([{ action: 's3:GetObject', target: { object: 'documents/a/b.pdf' } }]);
    expect(of('S3', 'PresignedPost', { Bucket: 'local-docs', Key: 'uploads/a/b.pdf' })).toEqual([{ action: 's3:PutObject', target: { object: 'uploads/a/b.pdf' } }]);
    const copy = { Bucket: 'local-docs', Key: 'documents/a/b.pdf', CopySource: 'local-docs/uploads/a/b%20c.pdf' };
    expect(of('S3', 'CopyObjectCommand', { ...copy, TaggingDirective: 'REPLACE' })).toEqual([
      { action: 's3:GetObject', target: { object: 'uploads/a/b c.pdf' } },
      { action: 's3:PutObject', target: { object: 'documents/a/b.pdf' } },
    ]);
    expect(of('S3', 'CopyObjectCommand', copy).map((x) => x.action)).toEqual(['s3:GetObject', 's3:PutObject', 's3:GetObjectTagging', 's3:PutObjectTagging']);
    expect(of('S3', 'ListObjectsV2Command', { Bucket: 'local-docs', Prefix: 'documents/' })).toEqual([{ action: 's3:ListBucket', target: { bucket: true, prefix: 'documents/' } }]);
  });

  it('Cognito: an admin operation on the pool; a sign-in operation marked as one IAM does not authorise', () => {
    expect(of('CognitoIdentityProvider', 'AdminGetUserCommand', { UserPoolId: 'local_pool' })).toEqual([{ action: 'cognito-idp:AdminGetUser', target: { pool: true } }]);
    expect(of('CognitoIdentityProvider', 'InitiateAuthCommand', { ClientId: 'x' })).toEqual([{ action: 'cognito-idp:InitiateAuth', target: { pool: true }, public: true }]);
  });

  it('Secrets Manager by the secret the id names; SES as mail', () => {
    expect(of('SecretsManager', 'GetSecretValueCommand', { SecretId: 'local/embed' })).toEqual([{ action: 'secretsmanager:GetSecretValue', target: { secret: 'embed' } }]);
    expect(of('SESv2', 'SendEmailCommand', {})).toEqual([{ action: 'ses:SendEmail', target: { mail: true } }]);
  });
});

describe('the attributes a one-item request names (dynamodb:Attributes)', () => {
  it('reads the key, placeholders and bare names of every expression, top-level only', () => {
    expect(attributesOf({ Key: { sub: 'x' }, UpdateExpression: 'SET lastSignInAt = :t' })).toEqual(['lastSignInAt', 'sub']);
    expect(
      attributesOf({
        Key: { sub: 'x' },
        UpdateExpression: 'SET #s = if_not_exists(#s, :z), prefs.mail = :m REMOVE pending',
        ConditionExpression: 'attribute_exists(sub) AND version = :v',
        ExpressionAttributeNames: { '#s': 'status' },
      }),
    ).toEqual(['pending', 'prefs', 'status', 'sub', 'version']);
    expect(attributesOf({ Item: { key: 'k', title: 't' } })).toEqual(['key', 'title']);
  });
});
