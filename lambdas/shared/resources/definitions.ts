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
   * local pool has no SRP, so the local stack's one client also allows USER_PASSWORD_AUTH.
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
 * The portal's own server-side sign-in (POST /api/users/login and the registration route): a second
 * app client allowing USER_PASSWORD_AUTH, whose id only those two functions receive
 * (SERVER_CLIENT_ID). No secret, for now: its id is not hidden (it is the `aud` of every token the
 * login route answers), and as a gate on password guessing a secret would add nothing, since the web
 * client offers the same check (SRP, its id in config.json) under the same limits (the user pool's
 * WAF, Cognito's lockout, threat protection). What a secret would buy is user context data
 * (EnablePropagateAdditionalUserContextData needs one): threat protection would then rate these
 * sign-ins by the user's address rather than the function's. That needs SECRET_HASH on every call
 * of the two handlers, the MFA challenge's answer included: a follow-up, not done here.
 */
export const serverClient = {
  authFlows: { userPassword: true, userSrp: false },
  /** The handlers that call InitiateAuth with USER_PASSWORD_AUTH. */
  handlers: ['accounts/login', 'accounts/registration-verify'] as const,
  env: 'SERVER_CLIENT_ID',
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
  /** Where scanning is on: the prefixes scanned, whose objects are served only once tagged clean (documents, service-request photos). */
  scannedPrefixes: ['documents/', 'requests/'] as const,
  cors: {
    // GET and HEAD: presigned downloads; POST: presigned uploads (a form with a size-limited policy).
    allowedMethods: ['GET', 'POST', 'HEAD'] as const,
    allowedHeaders: ['*'],
    exposedHeaders: ['ETag', 'Content-Disposition', 'Content-Type', 'Content-Length'],
    maxAgeSeconds: 3000,
  },
};
