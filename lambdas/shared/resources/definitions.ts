/**
 * Settings of the user pool, its app client and the documents bucket, as plain data: the CDK
 * constructs deploy them and the local stack creates the emulated pool, client and bucket from the
 * same values.
 */
export const userPool = {
  /** Spec section 5 asks for 5 characters; Cognito's minimum is 6 (README says so). */
  passwordPolicy: { minLength: 6, requireLowercase: true, requireUppercase: true, requireDigits: true, requireSymbols: false },
  /**
   * Staff passwords need at least this many characters. Cognito has one password policy per pool,
   * so this is the portal's rule (its set-password forms and routes, the operator commands), not
   * the pool's: a direct Cognito call is held to `passwordPolicy` only.
   */
  staffPasswordMinLength: 12,
  /** A changed email stays the old one until the new address is verified with the mailed code. */
  keepOriginalEmail: true,
  /**
   * MFA is optional in the pool and by TOTP only (an authenticator app; no SMS): the portal requires
   * staff to enrol and lets customers enrol, or requires them to with the stage's `mfaForCustomers`.
   */
  mfaSecondFactor: { otp: true, sms: false },
  /** Invitations (temporary passwords) are valid this many days. */
  temporaryPasswordValidityDays: 7,
  /** Attributes every user has; email is the username, compared case-insensitively. */
  standardAttributes: ['email', 'name'] as const,
  /** The Cognito group whose members (with a verified staff-domain email) are administrators; operators and the signup route add staff to it. */
  staffGroup: 'staff',
};

export const userPoolClient = {
  /**
   * The web app's client on AWS: SRP and refresh only (the browser never sends the password). The
   * local pool has no SRP, so the local stack's web client also allows USER_PASSWORD_AUTH.
   */
  authFlows: { userPassword: false, userSrp: true },
  idTokenValidityMinutes: 60,
  accessTokenValidityMinutes: 60,
  refreshTokenValidityDays: 30,
  /** No client secret: the browser holds the client id. */
  generateSecret: false,
  preventUserExistenceErrors: true,
  enableTokenRevocation: true,
  /**
   * What the clients may write: the name only. The email is the sign-in and the key of the users
   * row, never changed by the user through Cognito.
   */
  writeAttributes: ['name'] as const,
  readAttributes: ['email', 'email_verified', 'name'] as const,
};

/**
 * The portal's own server-side calls to Cognito's public API (the sign-in, registration and reset
 * routes, and the administrators' "send a reset code"): a second app client allowing
 * USER_PASSWORD_AUTH, whose id only those functions receive (SERVER_CLIENT_ID). It has a secret,
 * so that it may pass on the visitor's address (EnablePropagateAdditionalUserContextData, which AWS
 * allows only on a client with a secret): every call of these functions sends SECRET_HASH and
 * `UserContextData.IpAddress`, the viewer address the middleware trusts, and threat protection and
 * the user pool's WAF judge the visitor, not the function. The secret reaches the functions only
 * through Secrets Manager (`signIn`, read once per container: lambdas/shared/domain/accounts/server-client.ts).
 * The web client (the browser's SRP sign-in) has no secret and cannot have one.
 */
export const serverClient = {
  authFlows: { userPassword: true, userSrp: false },
  generateSecret: true,
  propagateUserContextData: true,
  /** The handlers that call Cognito's public API with this client (they alone get its id and its secret). */
  handlers: ['accounts/login', 'accounts/registration-verify', 'accounts/reset-password', 'accounts/reset-password-verify', 'users/send-account-mail'] as const,
  env: 'SERVER_CLIENT_ID',
  /** The secret (lambdas/routes.ts SecretName) holding the client's secret. */
  secret: 'signIn' as const,
};

export const documentsBucket = {
  /** Final documents; the prefix every document key starts with. */
  documentsPrefix: 'documents/',
  /** Presigned uploads land here until confirmed; unconfirmed ones expire by a lifecycle rule. */
  uploadsPrefix: 'uploads/',
  unconfirmedUploadExpiryDays: 1,
  /** Presigned link lifetimes, seconds. */
  downloadLinkSeconds: 300,
  uploadLinkSeconds: 900,
  /** Largest file through the multipart API call (API Gateway 10 MB and Lambda 6 MB payload, base64). */
  maxApiUploadBytes: 4 * 1024 * 1024,
  /** Largest file through a presigned upload. */
  maxUploadBytes: 100 * 1024 * 1024,
  /**
   * The tag GuardDuty Malware Protection for S3 puts on a scanned object, its value for malware and
   * for a clean object (https://docs.aws.amazon.com/guardduty/latest/ug/monitoring-malware-protection-s3-scans.html;
   * other values, UNSUPPORTED, ACCESS_DENIED and FAILED, say the object could not be scanned).
   */
  malwareTag: { key: 'GuardDutyMalwareScanStatus', infected: 'THREATS_FOUND', clean: 'NO_THREATS_FOUND' },
  /** A work order's before and after photos (issue 43): `work-orders/<property>/<work order>/...`, written by the import. */
  workOrderPhotosPrefix: 'work-orders/',
  /** Where scanning is on: the prefixes scanned, whose objects are served only once tagged clean (documents, service-request photos, work-order photos). */
  scannedPrefixes: ['documents/', 'requests/', 'work-orders/'] as const,
  cors: {
    // GET and HEAD: presigned downloads; POST: presigned uploads (a form with a size-limited policy).
    allowedMethods: ['GET', 'POST', 'HEAD'] as const,
    allowedHeaders: ['*'],
    exposedHeaders: ['ETag', 'Content-Disposition', 'Content-Type', 'Content-Length'],
    maxAgeSeconds: 3000,
  },
};
