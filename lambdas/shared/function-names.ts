/**
 * Names both sides use: a function's short name (`users/get-property` → `users-get-property`),
 * which names its CodeDeploy deployment group (`portal-<stage>-<short name>`), its alarms and the
 * `job` dimension of the jobs' metrics. The same rule as `shortName` in infra/function-construct.ts,
 * kept here so that no function's bundle imports the CDK.
 */
export const shortName = (handler: string) => handler.replace(/\//g, '-');
