import { CognitoError, signInWithPassword } from '../../../lib/cognito';

/**
 * Signs in through Cognito and gives the ID token (what the API receives). A temporary password
 * is refused like a wrong one: it works only on /user-registration.
 */
export async function login(email: string, password: string): Promise<string> {
  const outcome = await signInWithPassword(email, password);
  if (outcome.kind !== 'signedIn') throw new CognitoError('NewPasswordRequired', 'The account still has its temporary password');
  return outcome.idToken;
}
