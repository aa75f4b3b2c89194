/**
 * Names both sides use: a function's short name (`users/get-property` → `users-get-property`),
 * which names its CodeDeploy deployment group (`portal-<stage>-<short name>`), its alarms and the
 * `job` dimension of the jobs' metrics. infra/ imports it from here, so that no function's bundle
 * imports the CDK.
 */
export const shortName = (handler: string) => handler.replace(/\//g, '-');

/** The namespace of the portal's own metrics (EMF): the functions write to it, the alarms read it. */
export const METRICS_NAMESPACE = 'Portal';
