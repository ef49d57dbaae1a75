/** Small readers over a synthesized template for the assertion tests. */
import { CfnElement, Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';

/** CloudFormation JSON is untyped; the tests read it ad hoc and let the assertions check the shape. */
// biome-ignore lint/suspicious/noExplicitAny: template JSON has no static type
export type CfnJson = any;
export type CfnResourceJson = { Type: string; Properties?: Record<string, CfnJson>; DeletionPolicy?: string };
export type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

export function resources(template: Template, type: string): Record<string, CfnResourceJson> {
  return template.findResources(type) as Record<string, CfnResourceJson>;
}

/** Logical id of a construct's CloudFormation resource (the construct itself or its default child). */
export function logicalId(construct: IConstruct): string {
  const element = CfnElement.isCfnElement(construct) ? construct : construct.node.defaultChild;
  if (!element || !CfnElement.isCfnElement(element))
    throw new Error(`${construct.node.path} has no resource`);
  return Stack.of(element).getLogicalId(element);
}

/** Every Allow/Deny statement of the inline policies attached to a role. */
export function roleStatements(template: Template, role: iam.IRole): Statement[] {
  const roleId = logicalId(role);
  return Object.values(resources(template, 'AWS::IAM::Policy'))
    .filter((policy) => (policy.Properties?.Roles ?? []).some((ref: { Ref?: string }) => ref.Ref === roleId))
    .flatMap((policy) => policy.Properties?.PolicyDocument.Statement as Statement[]);
}

export function actionsOf(statement: Statement): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

export function resourcesOf(statement: Statement): unknown[] {
  return Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
}

/** A resource value as text, so tests can ask which bucket and key pattern it names. */
export function text(value: unknown): string {
  return JSON.stringify(value);
}

/** The one resource of a type; throws when there are none or several. */
export function onlyResource(template: Template, type: string): CfnResourceJson {
  const values = Object.values(resources(template, type));
  if (values.length !== 1) throw new Error(`Expected one ${type}, found ${values.length}`);
  return values[0];
}

/** A resource of the template by the construct that made it. */
export function resourceOf(template: Template, construct: IConstruct): CfnResourceJson {
  return template.toJSON().Resources[logicalId(construct)];
}
