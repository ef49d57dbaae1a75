/** Cognito: parents sign in with email and password; operators are members of the `admins` group. */
import { ADMINS_GROUP } from '@shared/deployment';
import { PASSWORD_MIN_LENGTH } from '@shared/rules/auth-form';
import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';

export type AuthProps = {
  removalPolicy: RemovalPolicy;
  /**
   * Cognito threat protection (adaptive authentication, compromised-credential checks). It needs the
   * paid PLUS feature plan, so it is opt-in (context `threatProtection=true`).
   */
  threatProtection: boolean;
};

export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      userVerification: { emailStyle: cognito.VerificationEmailStyle.CODE },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      passwordPolicy: {
        // The app's rule (8 to 72 characters); Cognito has no maximum, the app enforces 72.
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      featurePlan: props.threatProtection ? cognito.FeaturePlan.PLUS : cognito.FeaturePlan.ESSENTIALS,
      standardThreatProtectionMode: props.threatProtection
        ? cognito.StandardThreatProtectionMode.FULL_FUNCTION
        : undefined,
      deletionProtection: props.removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy: props.removalPolicy,
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      // SRP for Amplify in the browser, USER_PASSWORD_AUTH for the local stack (cognito-local has no SRP).
      authFlows: { userSrp: true, userPassword: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
    });

    new cognito.UserPoolGroup(this, 'AdminsGroup', {
      userPool: this.userPool,
      groupName: ADMINS_GROUP,
      description: 'Operators: admin pages and admin routes',
    });

    const pool = this.userPool;
    Validations.of(pool).acknowledge({
      id: 'AwsSolutions-COG1',
      reason:
        'The spec fixes the password rule at 8 to 72 characters with no character classes (NIST SP 800-63B ' +
        'favours length over composition); the app validates the same rule before calling Cognito.',
    });
    Validations.of(pool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'Parents sign in with email and password only; the product has no MFA enrolment screen, and ' +
        'required MFA would lock every parent out. Payments happen on Stripe, not with stored cards.',
    });
    if (!props.threatProtection) {
      Validations.of(pool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason:
          'Threat protection needs the paid Cognito PLUS plan; it is switched on with the context ' +
          'threatProtection=true. Without it the pool still verifies emails and hides whether a user exists.',
      });
    }
  }
}
