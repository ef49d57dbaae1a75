/**
 * Every user-facing message, verbatim. The groups marked fixed wording or verbatim are the product's
 * own wording (docs/product.md) and must not be reworded; the product messages cover cases it leaves open.
 */
import { CREDIT_PRICES } from './catalog';

export const messages = {
  // Upload, fixed wording (docs/product.md#upload)
  uploadFailed: 'Upload failed. Please try again.',
  fileTooLarge: 'File size must be less than 10MB',
  notAnImage: 'Please select an image file',
  uploadSuccessful: 'Upload successful! Choose a background template.',

  // Share, fixed wording
  notAllImagesReady: 'Not all images are ready yet',
  shareImageFailed: 'Failed to generate share image',
  shareNotSupported: 'Sharing not supported on this device',
  shareFailed: 'Failed to share',
  sharedSuccessfully: 'Shared successfully!',
  downloaded: 'Downloaded!',
  growthClipFailed: 'Could not make the clip on this device. Try again, or in another browser.',
  hdClipUnavailable: "Your HD photos didn't load, so this clip shows the watermark. Try again in a moment.",
  sharedPhotoMissing: "The shared photo didn't come through. Please choose it here.",

  // Results, fixed wording
  invalidLink: 'Invalid link',
  resultsLoadFailed: 'Failed to load results',
  emailSaveFailed: 'Failed to save email',
  emailSaved: "Email saved! We'll notify you when HD versions are ready.",

  // Checkout and downloads, fixed wording
  checkoutFailed: 'Failed to start checkout',
  checkoutFailedUpsell: 'Failed to start checkout. Please try again.',
  noHdToDownload: 'No HD images available to download',
  downloadFailed: 'Download failed',
  imageDownloadFailed: 'Failed to download image. Please try again.',
  allowPopups: 'Please allow pop-ups to download images',
  imageDownloaded: 'Image downloaded successfully!',

  // Auth, fixed wording
  invalidEmail: 'Please enter a valid email address',
  emailTooLong: 'Email must be less than 255 characters',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be less than 72 characters',
  accountExists: 'An account with this email already exists.',
  invalidCredentials: 'Invalid email or password.',
  signedIn: 'Signed in successfully!',
  accountCreated: 'Account created! You can now sign in.',

  // Product messages for cases the fixed wording does not cover.
  photoUnreadable: 'We could not read this photo. It may be damaged — please choose another one.',
  photoTooSmall: 'This photo is too small. Please choose one at least 200 × 200 pixels.',
  photoTooBig: 'This photo has too many pixels to process. Please choose a smaller one.',
  photoFormatUnsupported: 'Please choose a PNG, JPG or WEBP photo.',
  photoMissing: 'We did not receive your photo. Please try uploading it again.',
  alreadyProcessing: 'This photo is already being processed.',
  uploadNotFound: 'We could not find this photo. It may have expired.',
  notYourUpload: 'This photo belongs to another session.',
  sessionMissing: 'Your browser session is missing. Please reload the page and try again.',
  signInExpired: 'Your sign-in has expired. Please sign in again.',
  invalidRequest: 'Something in this request was not right. Please try again.',
  serverError: 'Something went wrong on our side. Please try again in a moment.',
  checkConnection: 'Please check your connection and try again.',
  noFaceFound: 'We could not find a face in this photo. Try a clear, front-facing photo.',
  renderFailed: 'We could not create this preview. Please try another photo.',
  identityDrifted:
    'The AI changed the face too much, so we did not keep this preview. Please try another photo.',
  aiProviderFailed: 'The AI provider could not make this preview. Please try again later.',
  // A render that stayed "processing" past its limit (shared/rules/stuck-jobs.ts), and "Try again".
  renderTimedOut: 'This preview took too long to make. Please try again.',
  previewNotFound: 'We could not find this preview.',
  retryFailed: 'We could not try this preview again. Please try again in a moment.',
  retryLimitReached: 'This preview did not work after several tries. Please try another photo.',
  aiProviderTimedOut: 'The AI provider took too long. Please try again later.',
  aiProviderError: 'The AI provider could not process this image right now. Please try again later.',
  offlineEngineNotice:
    'Previews made without an AI provider are a growth simulation: an approximation, not a prediction.',
  // Payments (product messages; the fixed checkout and download messages are above).
  productNeedsPhoto: 'Please choose which photo to unlock first.',
  productTakesNoPhoto: 'This plan is not tied to a photo.',
  photoNotReady: 'Your previews are still being created. Please try again in a moment.',
  alreadyUnlocked: 'These HD photos are already unlocked.',
  previewNotFinished: 'This preview did not finish, so it cannot be unlocked yet. Try it again first.',
  photoNotInAccount: 'This photo is not saved to your account yet. Please sign in again, then try once more.',
  alreadySubscribed: 'You already have an active subscription.',
  subscriptionCheckoutOpen:
    'A checkout for the monthly plan is already open in another tab. Please finish it there, or try again in a moment.',
  noSubscription: 'You do not have an active subscription.',
  paymentsUnavailable: 'Payments are not available right now. Please try again later.',
  checkoutNotFound: 'We could not find this checkout.',
  // The offline engine's previews with live payments (shared/rules/age-sales.ts).
  ageHdNotForSale:
    'HD age previews are not for sale here: these previews are a growth simulation, not a prediction.',
  ageHdSimulationTitle: 'These previews are a simulation',
  momentsInstead: 'Make a keepsake in Moments instead: your photo on a themed picture, free to try.',
  // Where credits go (docs/architecture.md#decisions): shown beside the plans and the balance.
  creditsUse:
    'HD credits and the monthly plan pay for HD keepsakes in Moments and the composer. Age previews in HD are unlocked on your results page.',
  notEnoughCredits: 'You do not have enough credits. Buy a pack to continue.',
  webhookSignatureInvalid: 'The webhook signature is not valid.',
  aiWebhookUnexpected: 'No hosted AI provider is configured, so this webhook is not expected.',
  subscriptionCancelled: 'Your subscription will end at the close of this period.',
  subscriptionCancelFailed: 'We could not cancel your subscription. Please try again.',
  paymentConfirmFailed: 'We could not confirm your payment.',
  // Mobile HD download (a 5-second hint to hold the image and tap Save to Photos).
  saveToPhotosHint: 'Press and hold the image, then tap “Save to Photos” to keep it in your camera roll.',
  aiProviderRequired: 'This needs an AI provider. Configure one to use it.',
  // Sign-up confirmation, sign-in availability and sign-out (the fixed wording covers none of these).
  confirmationCodeInvalid: 'Please enter the 6-digit code from the email.',
  codeMismatch: 'That code does not match. Please check the email and try again.',
  codeExpired: 'This code has expired. Send a new code and try again.',
  accountConfirmFailed: 'We could not confirm your account. Please try again.',
  codeSent: 'We sent you a new code.',
  passwordChanged: 'Your password has been changed. Please sign in with the new one.',
  passwordResetFailed: 'We could not change your password. Please try again.',
  codeResendFailed: 'We could not send a new code. Please try again in a moment.',
  signInUnavailable: 'Sign-in is not available right now. Please try again in a moment.',
  signedOut: 'You are signed out. See you soon!',
  // My photos: the list, the credits panel and account deletion.
  photoDeleted: 'Photo deleted.',
  photoDeleteFailed: 'We could not delete this photo. Please try again.',
  photosLoadFailed: 'We could not load your photos.',
  creditsLoadFailed: 'We could not load your credits.',
  creditsNeverExpire: 'Credits never expire',
  accountDeleted: 'Your account and all your photos have been deleted.',
  accountDeleteFailed: 'We could not delete your account. Please try again.',

  // Moments, verbatim (docs/product.md#moments-editor).
  uploadAnImage: 'Please upload an image file',
  backgroundRemoved: 'Background removed successfully!',
  backgroundRemovalFailed: 'Failed to remove background',
  extractFirst: 'Please upload and extract a child image first',
  blendOutOfRange:
    'The blend settings are out of range: brightness and contrast 0.5–1.5, shadow strength 0–1, shadow offset 0–0.2, feather 0–10.',
  compositionCreated: 'Composition created successfully!',
  compositionFailed: 'Failed to create composition',
  saveDraftFirst: 'Please save your draft first',
  duplicateDraftFailed: 'Failed to duplicate draft',
  deleteDraftFailed: 'Failed to delete draft',
  renameDraftFailed: 'Failed to rename draft',
  draftDeleted: 'Draft deleted',
  draftRenamed: 'Renamed ✓',
  draftResumed: 'Draft resumed',
  resumeDraftTitle: 'Resume your draft?',
  templateNotFound: 'Template not found',
  // Composer, verbatim (docs/product.md#composer-wizard).
  composerFileTooLarge: 'File too large. Maximum 12MB allowed.',
  composerPhotoTooSmall: 'Image too small. Minimum 1024px on the short edge required.',
  composerFileType: 'Please choose a JPEG, PNG or HEIC photo.',
  notAHeic: 'This file is not a valid HEIC photo.',
  fittedToSafeArea: 'Fitted to safe area',
  filledSafeArea: 'Filled safe area',
  transformReset: 'Transform reset',
  snappedToCenter: 'Snapped to center',
  subjectOutsideSafeArea: 'Subject outside safe area',
  imageExported: 'Image exported successfully!',
  exportFailed: 'Export failed: ',
  composerTemplateUnavailable: 'That background is not available any more. Please choose another one.',
  // Moments: cases the fixed wording leaves open.
  noPersonFound:
    "We couldn't find a person in this photo. Please choose a photo where your child is clearly visible.",
  photoNotReadyForCutout: 'This photo is still being uploaded. Please try again in a moment.',
  draftNotFound: 'We could not find this draft.',
  draftNameRequired: 'Please enter a name',
  signInForHd: 'Please sign in to make HD keepsakes.',
  hdKeepsakeCost: `HD keepsakes cost ${CREDIT_PRICES.hd_keepsake} credit each (free with the monthly plan).`,

  // Operator pages, verbatim (docs/product.md#admin-pages).
  mustBeLoggedIn: 'You must be logged in first',
  pleaseLogInFirst: 'Please log in first',
  alreadyAdmin: 'You already have admin access!',
  adminGranted: 'Admin access granted! You can now access admin pages.',
  grantAdminFailed: 'Failed to grant admin access',
  enterEmailAddress: 'Please enter an email address',
  resetEmailSent: 'Password reset email sent! Check your inbox.',
  resetEmailFailed: 'Failed to send reset email',
  selectTemplate: 'Please select a template',
  templateUpdated: 'Template updated successfully!',
  saveFailed: 'Failed to save: ',
  invalidImportJson: 'Invalid JSON format. Expected an array of templates.',
  importFailed: 'Failed to import templates',
  loadPacksFailed: 'Failed to load packs',
  createPackFailed: 'Failed to create pack',
  startGenerationFailed: 'Failed to start generation',
  updatePackFailed: 'Failed to update pack',
  packNameCategoryRequired: 'Name and category are required',
  packCreated: 'Pack created successfully',
  packGenerationStarted: 'Pack generation started',
  packPublished: 'Pack published',
  packUpdated: 'Pack updated',
  allChecksCompleted: 'All checks completed! Ready for production.',
  uploadFailedPrefix: 'Upload failed: ',
  uploadBothImages: 'Please upload both background and face images',
  // Operator pages: cases the fixed wording leaves open.
  adminsManagedByAdmins:
    'This app already has an admin. Further admin roles are managed by existing admins (npm run admin:grant).',
  adminOnly: 'This page is for admins.',
  // First-admin setup claims only the address the deployer named (ADMIN_EMAIL).
  notTheNamedAdmin:
    'Only the email address this app names as its first admin can claim this. Further admin roles are managed by existing admins (npm run admin:grant).',
  firstAdminNotNamed:
    'No first admin is named yet. The deployer names one: cdk deploy -c adminEmail=you@example.com (ADMIN_EMAIL on the local stack).',
  aiTestUploadNotReady: 'This photo has not finished uploading yet.',
  aiTestAgeTaken: 'This photo already has a test at that age. Upload it again to run another.',
  aiTestRunNotFound: 'We could not find this test run. Runs are kept for two days.',
  aiTestFailed: 'The test failed on our side. See the details and the worker log.',
  // The age test's demo image (AGE_TEST_DEMO_IMAGE, shared/rules/demo-image.ts): what the operator must fix.
  aiTestDemoImageUnset:
    'No demo image is set. Set AGE_TEST_DEMO_IMAGE (cdk deploy -c ageTestDemoImage=…) to an https:// URL, a data:image/… URL, or uploads:<key> or renders:<key>.',
  aiTestDemoImageInvalid:
    'The demo image setting (AGE_TEST_DEMO_IMAGE) is not an https:// URL, a data:image/…;base64, URL, or uploads:<key> or renders:<key>.',
  aiTestDemoImageUnreachable:
    'The demo image could not be downloaded: its URL (AGE_TEST_DEMO_IMAGE) must be https, on a public host, and answer 200 with the image.',
  aiTestDemoImageMissing: 'The demo image is not in the bucket: check the key in AGE_TEST_DEMO_IMAGE.',
  aiTestDemoImageNotAPhoto:
    'The demo image (AGE_TEST_DEMO_IMAGE) is not a usable photo: it must be a JPEG, PNG or WEBP of at least 200 × 200 px and at most 10 MB.',
  packNotFound: 'We could not find this pack.',
  packGenerationRunning: 'A generation is already running for this pack.',
  packGenerationFailed: 'The generation failed. Please try again.',
  // Template editor and seeder: cases the fixed wording leaves open.
  importTooMany: 'Too many templates: import at most 100 at a time.',
  importEmpty: 'There are no templates in this JSON array.',
  importInvalidItems:
    'Some templates are invalid. Nothing was imported; fix the errors listed and try again.',
  importImagesRejected:
    'Some template images could not be used. Nothing was imported; fix the errors listed and try again.',
  importedTemplates: 'Successfully imported {count} template(s)',
  importResult: 'Imported {count} template(s)',
  templateSaveNotFound: 'This template no longer exists.',
  importTimedOut:
    'Time ran out before {count} template(s) could be imported; nothing of them was stored. They are back in the box: import them again.',
  // Face swap (offline landmark transfer; a 50% minimum detection confidence, docs/product.md#ai-test-pages).
  swapNoFaceInFaceImage: 'We could not find a face in the face image. Try a clear, front-facing photo.',
  swapNoFaceInBackground:
    'We could not find a face in the background image. Face swap replaces a face that is already in the picture.',
  swapFaceImageUnclear:
    'The face in the face image is not clear enough to swap. Try a sharper, front-facing photo.',
  swapBackgroundFaceUnclear:
    'The face in the background image is not clear enough to replace. Try another background.',
  // The API answers only through the site (CloudFront): a case the fixed wording leaves open.
  useTheSite: 'Please use Little Futures through its website.',
  // Hourly quotas (shared/rules/quotas.ts): cases the fixed wording leaves open.
  tooManyUploads:
    "You've uploaded a lot of photos this hour. Please take a short break and try again a little later.",
  tooManyCutouts:
    "You've cut out a lot of photos this hour. Please take a short break and try again a little later.",
  tooManyCompositions:
    "You've made a lot of keepsakes this hour. Please take a short break and try again a little later.",
  tooManySessions: 'Too many new visits from this network this hour. Please try again a little later.',
  // A visitor token that fails its signature or has expired: the browser starts a new visit.
  sessionInvalid: 'Your visit has expired. Please reload the page to start a new one.',
} as const;

export type MessageKey = keyof typeof messages;

/** The pack manager's toast when a generation run finished. */
export const generatedImagesMessage = (done: number, total: number) =>
  `Generated ${done}/${total} images successfully`;
