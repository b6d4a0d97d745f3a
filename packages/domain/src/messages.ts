/** Every user-visible text of the spec's catalogues, by name. Tests assert these exact strings. */
export const MESSAGES = {
  // spec 1 §2 shell and error pages
  notFound: 'This page could not be found',
  forbidden: 'You do not have access to view this page',
  crashTitle: 'Oh dear',
  crashBody: 'Something went wrong',
  sectionForbidden: 'You do not have the required permissions to access this section.',
  sessionExpiring: 'Your session is about to expire',
  stayLoggedIn: 'Stay Logged In',
  backToPortal: 'Back to Portal',
  logOut: 'Log Out',
  liveHelpChat: 'Live Help Chat',
  /** The external user-manager link (spec 1 §2: top-level accounts only). */
  userManager: 'User Manager',
  // spec 1 §5 generic field messages
  required: 'This is a required field',
  maxLength: (n: number) => `Length must not exceed ${n} characters`,
  minLength: (n: number) => `Length must exceed ${n} characters`,
  maxValue: (max: number) => `Value must not exceed ${max}`,
  minValue: (min: number) => `Value must be at least ${min}`,
  email: 'Must be a valid email address',
  emailAlt: 'Please enter a valid email address.',
  invalidFileFormat: 'Invalid file format',
  /** Ours: the chosen file has nothing in it (0 bytes). */
  fileEmpty: 'The chosen file is empty',
  fileTooLarge: (max: string, actual: string) => `File size must not exceed ${max}, this file is ${actual}`,
  maxIps: 'Length must not exceed 3 IP addresses',
  multipleErrors: 'There are multiple errors, please correct these errors and save again',
  stageValidation: 'Please go back to rectify the validation errors.',
  // spec 1 §8 error catalogue
  logoutFailed: 'Unable to logout please try again',
  csvDownloadFailed: 'There was an error while attempt to get your file. Please try again or contact support.',
  listFailed: 'The request failed.',
  tableEditBlocked: "The table didn't update, please fix any errors to continue",
  rowEditRefused: (message: string) => `One or more entries in the table could not be updated: ${message}`,
  noResponse: 'Something went wrong please try again',
  saveFallback: 'Something went wrong please try again',
  saveFallbackSupport: 'Something went wrong please contact support.',
  passwordWrong: 'Password seems to be incorrect, please try again.',
  fetchFailed: 'Failed to retrieve data.',
  fetchFailedRetry: 'Failed to retrieve data, please try again',
  recordNotFound: 'The requested record could not be found',
  updated: (name: string) => `${name} has been updated`,
  noItems: 'No items found.',
  noNumbers: 'No Numbers Found',
  noRecords: 'There are no records to show',
  noResults: 'No Results',
  /** A list's progress bar while it loads, for screen readers. */
  listLoading: 'Loading',
  noFileChosen: 'No file chosen',
  // feedback texts
  createdSuccessfully: 'created successfully',
  editedSuccessfully: 'edited successfully',
  deletedSuccessfully: 'Deleted Successfully',
  errorsOccurred: (n: number) => `${n} error(s) occurred`,
  successfullyDeleted: (name: string) => `Successfully deleted ${name}`,
  /** Ours: the delete modal's question, and what a delete does unless the area says more. */
  confirmDelete: 'Delete the following?',
  deleteIsFinal: 'This cannot be undone.',
  // sign-in (ours: the spec leaves the login page to the provider)
  loginFailed: 'The username or password is incorrect',
  loginRateLimited: 'Too many sign-in attempts, please wait a few minutes and try again',
  /** The username and password are right in several accounts (usernames are unique per account). */
  loginAccountNeeded: 'This username is used in more than one account: enter your account number as well',
  accountNumber: 'Please enter a valid account number',
  sessionRequired: 'Your session has expired, please sign in again',
  disguiseRefused: 'You can only act as one of your own customer accounts',
  // spec 1 §5 patterns
  publicIp: 'Please enter a valid IP address for a public network.',
  telephone: 'Please enter a valid telephone number.',
  ukPostcode: 'Please enter a valid UK postcode.',
  pin: 'PIN must be numerical with length between 4 and 6 digits',
  internationalPin: 'PIN must be numerical with length between 4 and 8 digits',
  voicemailPin: 'PIN must be numerical with a maximum of 10 digits',
  extension: 'Please enter a valid VoIP Extension',
  username: 'Username must be 4-100 characters: letters, digits, spaces and - _ . @ !',
  objectName: 'Name must be 2-100 characters of letters, digits and spaces',
  bankAccount: 'Please enter a valid UK bank account number',
  sortCode: 'Please enter a valid sort code',
  password: 'Password must be 8-50 characters with an upper case letter, a lower case letter, a digit and a symbol',
  // spec 2 access lists
  enterTelephone: 'Please enter a telephone number',
  aclDuplicate: 'This telephone number is already a part of this access list',
  /** Ours (the spec gives none): an access list's name is unique in the account. */
  aclNameInUse: 'There is already an access list with this name',
  csvRequired: 'Please choose a CSV file of telephone numbers',
  /** Ours: a CSV was chosen but holds no number (empty, or a header alone). */
  csvEmpty: 'The CSV file is empty: it holds no telephone numbers',
  csvUploadFailed: 'Something went wrong please try again',
  /** Ours: a CSV upload past its limit of numbers. */
  csvTooManyNumbers: (max: number) =>
    `A CSV file can add at most ${max.toLocaleString('en-GB')} numbers at a time, please split it and upload each part`,
  // mobile (spec is silent on these texts: ours)
  mobileNumber: 'Please enter a valid UK mobile number.',
  mobileDuplicate: 'This mobile number is already in use on this account',
  // in-use refusals (spec 2 §8)
  inUseIn: (type: string, name: string) => `In use in ${type} ${name}`,
  /** Ours: a delete refused by the database for a use the panel could not name (it raced a save). */
  inUse: 'This record is in use and cannot be deleted',
  deleteFallback: 'Unexpected error occured. Please try again or contact support.',
  /** Ours: a value the database cannot take (a number out of range, text where a number goes). */
  badRequest: 'The request contains a value that is out of range or of the wrong type',
  selectOption: 'Please select an option',
  /** Ours: a call group's or queue's member that is not a seat (spec 2: members are seats). */
  memberSeat: 'Please select a seat: only seats can be members',
  /** Ours: a text with a control character (a NUL, an escape...) anywhere in it. */
  controlCharacters: 'This field cannot contain control characters',
  /** Ours: an update based on a version of the record that has changed since (a lost update refused). */
  staleVersion: 'This record has been changed since you opened it. Reload it to see the changes, then make yours again',
  /** Ours: a partial save naming a field the record's update does not take (a computed field, a typo). */
  notAField: 'This field cannot be changed here',
  /**
   * A passing outage (the database restarting or unreachable), answered 503 with Retry-After: the
   * spec's text for a request that got no answer, since the client should simply try again.
   */
  serviceUnavailable: 'Something went wrong please try again',
  /** Ours: a write the data refuses for a reason the panel could not name (it raced another). */
  conflict: 'This change conflicts with another change, please reload and try again',
  // music on hold (spec 3 §8; the terms and name texts are ours)
  musicAdded: 'Music on hold added successfully',
  musicInUse: 'One or more of the music on hold is in use, unable to delete',
  uploadFallback: 'Something went wrong, please try again',
  musicTerms: 'Please accept the terms before uploading music',
  musicNameInUse: 'There is already music on hold with this name',
  /** Ours: the provider's music (account 0) cannot be changed by an account. */
  providerMusicReadOnly: "The provider's music on hold cannot be changed",
  // custom prompts (spec 3 §8; the name and read-only texts are ours)
  promptAdded: 'Custom Prompt added successfully',
  promptNameInUse: 'There is already a custom prompt with this name',
  providerPromptReadOnly: "The provider's system prompts cannot be changed",
  /** Ours: a media item without a stored file (asked for its audio). */
  noAudio: 'There is no audio file for this item',
  // notifications (spec 1 §2, §8)
  noNotifications: 'You have no notifications',
  notificationMarked: 'Successfully marked notification as read.',
  notificationNotMarked: 'Unsuccessfully marked notification as read.',
  /** Ours: the ledger adjustment's feedback. */
  adjustmentPosted: 'The adjustment has been posted',
  /** Ours: a provider admin's adjustment past the configured maximum (BALANCE_ADJUSTMENT_MAX_POUNDS). */
  adjustmentTooLarge: (max: string) => `An adjustment may be at most ${max}`,
  /** Ours: the balance alert does not apply to wholesale accounts (spec 1 §2 hides it). */
  alertNotForWholesale: 'The balance alert is not available for wholesale accounts',
  // names
  nameInUse: 'This name is already in use. Please choose a different name',
} as const;

/**
 * Why the login page was opened when the panel ended a session (`/login?reason=...`; issue 11: the
 * login page says why after an idle logout). Not spec texts: the spec only says the user is logged out.
 */
export const LOGIN_REASONS = {
  idle: 'You were logged out because the panel was not used for a while. Please sign in again.',
  expired: 'Your session has ended. Please sign in again.',
} as const;
export type LoginReason = keyof typeof LOGIN_REASONS;
