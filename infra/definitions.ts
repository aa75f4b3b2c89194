/**
 * Settings of the user pool, its app client and the documents bucket, as plain data: the CDK
 * constructs deploy them and the local stack creates the emulated pool, client and bucket from the
 * same values.
 */
export const userPool = {
  /** Spec section 5 asks for 5 characters; Cognito's minimum is 6 (README says so). */
  passwordPolicy: { minLength: 6, requireLowercase: true, requireUppercase: true, requireDigits: true, requireSymbols: false },
  /** Invitations (temporary passwords) are valid this many days. */
  temporaryPasswordValidityDays: 7,
  /** Attributes every user has; email is the username, compared case-insensitively. */
  standardAttributes: ['email', 'name'] as const,
  /**
   * The Cognito group of the portal's staff (administrators): membership, not the email domain,
   * is what the API checks for staff-only routes. Operators add and remove members.
   */
  staffGroup: 'staff',
};

export const userPoolClient = {
  /** USER_PASSWORD_AUTH (the portal's login call and the local pool), SRP (the web app on AWS), refresh. */
  authFlows: { userPassword: true, userSrp: true },
  idTokenValidityMinutes: 60,
  accessTokenValidityMinutes: 60,
  refreshTokenValidityDays: 30,
  /** No client secret: the browser holds the client id. */
  generateSecret: false,
  preventUserExistenceErrors: true,
  enableTokenRevocation: true,
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
  cors: {
    allowedMethods: ['GET', 'PUT', 'HEAD'] as const,
    allowedHeaders: ['*'],
    exposedHeaders: ['ETag', 'Content-Disposition', 'Content-Type', 'Content-Length'],
    maxAgeSeconds: 3000,
  },
};
