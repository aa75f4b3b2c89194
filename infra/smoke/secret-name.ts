/** The secret of a stage's smoke accounts: made by the deploy-role stack, written by admin create-smoke-accounts, read by npm run smoke. */
export const smokeSecretName = (stage: string) => `portal/${stage}/smoke`;
