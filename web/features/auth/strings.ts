/** Every user-visible string of the sign-in screens (spec sections 2, 5 and 8). */
export const authStrings = {
  login: {
    heading: 'Log In',
    emailPlaceholder: 'Email',
    passwordPlaceholder: 'Password',
    submit: 'Log in',
    failed: 'Invalid email or password',
    forgot: 'Forgot Credentials?',
    /** Beyond the spec: an empty field is named at the field, nothing is sent or logged. */
    emailRequired: 'Enter your email.',
    passwordRequired: 'Enter your password.',
  },
  forgot: {
    heading: 'Forgot Password',
    intro: 'Enter the email of your account and we will send you a reset code.',
    email: 'Email',
    submit: 'Send Reset Code',
    sent: 'Password reset code has been sent to your email.',
    failed: 'Email does not exist in our system. Please try again.',
    enterCode: 'Enter Reset Code',
    backToLogin: 'Back to Log In',
  },
  reset: {
    heading: 'Reset Password',
    email: 'Email',
    code: 'Reset Code',
    newPassword: 'New Password',
    confirmPassword: 'Confirm Password',
    submit: 'Reset Password',
    failed: 'Invalid email or reset code. Please try again.',
    done: 'Password has been reset. You can now log in with your new password.',
    rule: 'Password must be at least 5 characters long and include at least one lowercase letter, one uppercase letter, and one number.',
  },
  registration: {
    heading: 'Set Your Password',
    email: 'Email',
    code: 'Temporary Password',
    newPassword: 'New Password',
    confirmPassword: 'Confirm Password',
    submit: 'Set Password',
    failed: 'Invalid email or temporary password. Please try again.',
    done: 'Password has been set. You can now log in with your new password.',
    // The spec: registration shows a different message (a combination of at least 3 of lowercase,
    // uppercase, numbers or symbols) while the check is the same as for reset.
    rule: 'Password must be at least 5 characters long and contain a combination of at least 3 of the following: lowercase letters, uppercase letters, numbers or symbols.',
    // Beyond the spec (issue 39): the temporary password typed on Log In leads here, without typing it again.
    fromLogIn: 'Your account still has the temporary password from your invitation. Choose your own password to finish signing up.',
  },
  /** Beyond the spec: the user menu's Change Password (the spec's rule and messages). */
  changePassword: {
    title: 'Change Password',
    current: 'Current Password',
    newPassword: 'New Password',
    confirmPassword: 'Confirm Password',
    submit: 'Change Password',
    cancel: 'Cancel',
    changing: 'Changing...',
    wrongCurrent: 'The current password is not correct.',
    sameAsCurrent: 'The new password must differ from the current one.',
    tooMany: 'Too many attempts. Please try again later.',
    failed: 'The password could not be changed. Please try again.',
    noSession: 'Your session has ended. Please log in again to change your password.',
    rule: 'Password must be at least 5 characters long and include at least one lowercase letter, one uppercase letter, and one number.',
  },
  mismatch: 'Passwords do not match.',
  // Not in the spec: staff (staff-domain emails) need 12 characters, on reset and registration alike.
  staffRule: 'Staff passwords must be at least 12 characters long and include at least one lowercase letter, one uppercase letter, and one number.',
  checklist: {
    label: 'Password requirements',
    lowercase: 'Lowercase letter',
    uppercase: 'Uppercase letter',
    number: 'Number',
    length: (n: number) => `${n} characters`,
    met: 'met',
    notMet: 'not met',
  },
  backToLogin: 'Back to Log In',
  // Not in the spec: why the log-in page is showing, once, after a session ended or a password was set.
  signedOut: {
    idle: 'You were signed out because you were inactive for a while. Please log in again.',
    expired: 'Your session has expired or is invalid. Please log in again.',
    passwordChanged: 'Your password has been changed. Please log in with your new password.',
    // Chosen by the user: nothing to explain.
    loggedOut: '',
  },
  returning: (seconds: number) => `Returning to Log In in ${seconds} second${seconds === 1 ? '' : 's'}…`,
  // Not in the spec: the second step of administrators (and of customers where the stage requires it).
  twoStep: {
    codeHeading: 'Two-Step Verification',
    codeIntro: 'Enter the 6-digit code your authenticator app shows for this portal.',
    codeLabel: '6-digit code',
    verify: 'Verify',
    setupHeading: 'Set Up Two-Step Verification',
    setupIntro:
      'Your account signs in with a code from an authenticator app as well as your password. Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), then enter the 6-digit code it shows.',
    qrLabel: 'QR code to scan with your authenticator app',
    keyIntro: 'Cannot scan it? Enter this key in the app instead:',
    preparing: 'Preparing the set-up…',
    setupSubmit: 'Verify and continue',
    codeFormat: 'Enter the 6 digits your authenticator app shows.',
    wrongCode: 'That code is not right. Enter the code your authenticator app shows now.',
    expired: 'Your sign-in took too long. Please log in again.',
    failed: 'The code could not be checked. Please try again.',
  },
  idle: {
    title: 'Are you still there?',
    body: 'You have been inactive for a while. For your security you will be signed out soon.',
    stay: 'Stay signed in',
    logOut: 'Log out',
    // Not in the spec: the time left, counting down.
    countdown: (left: string) => `Signing out in ${left}.`,
  },
} as const;
