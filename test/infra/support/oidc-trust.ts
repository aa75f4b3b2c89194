/**
 * How IAM reads a role's trust for a GitHub OIDC token, for the conditions the CI roles use:
 * every operator of the statement must hold; StringEquals and StringLike (`*` any run of
 * characters, `?` one) match when any listed value does. Enough to check which jobs a role lets in
 * without AWS (https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_elements_condition_operators.html#Conditions_String).
 */
export interface TrustStatement {
  Effect: string;
  Action: string | string[];
  Condition?: Record<string, Record<string, string | string[]>>;
}

export interface GithubToken {
  aud: string;
  sub: string;
}

const like = (pattern: string) => new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);

function holds(operator: string, actual: string | undefined, expected: string | string[]): boolean {
  if (actual === undefined) return false;
  const values = Array.isArray(expected) ? expected : [expected];
  if (operator === 'StringEquals') return values.includes(actual);
  if (operator === 'StringLike') return values.some((v) => like(v).test(actual));
  throw new Error(`condition operator ${operator} is not modelled here`);
}

/** Whether a statement of the trust policy allows AssumeRoleWithWebIdentity for this token. */
export function trustAllows(statements: TrustStatement[], token: GithubToken, host = 'token.actions.githubusercontent.com'): boolean {
  return statements.some((st) => {
    const actions = Array.isArray(st.Action) ? st.Action : [st.Action];
    if (st.Effect !== 'Allow' || !actions.includes('sts:AssumeRoleWithWebIdentity')) return false;
    return Object.entries(st.Condition ?? {}).every(([operator, keys]) =>
      Object.entries(keys).every(([key, expected]) => {
        const claim = key.startsWith(`${host}:`) ? key.slice(host.length + 1) : null;
        return holds(operator, claim === 'aud' ? token.aud : claim === 'sub' ? token.sub : undefined, expected);
      }),
    );
  });
}
