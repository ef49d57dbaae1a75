/** The pack pipeline in the synthesized stack: queues, worker, schedule, and who may touch them. */
import type { RouteGroup } from '@shared/api';
import { MAX_RENDER_ATTEMPTS, PACK_SCHEDULE_TICK_MINUTES } from '@shared/deployment';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthTestStack, type TestStack } from '../testing/synth-test-stack';
import {
  actionsOf,
  logicalId,
  resourceOf,
  resources,
  roleStatements,
  text,
} from '../testing/template-queries';

let t: TestStack;
beforeAll(() => {
  t = synthTestStack();
});

const packQueue = () => logicalId(t.stack.packPipeline.queue);
const sendsToPackQueue = (role: Parameters<typeof roleStatements>[1]) =>
  roleStatements(t.template, role).some(
    (s) => actionsOf(s).includes('sqs:SendMessage') && text(s.Resource).includes(packQueue()),
  );

describe('Pack pipeline', () => {
  it('encrypts the pack queue and its DLQ, refuses plain HTTP, and redrives after the shared attempts', () => {
    const pipeline = [t.stack.packPipeline.queue, t.stack.packPipeline.deadLetterQueue].map(logicalId);
    const policies = Object.values(resources(t.template, 'AWS::SQS::QueuePolicy'));
    for (const id of pipeline) {
      expect(resources(t.template, 'AWS::SQS::Queue')[id].Properties?.SqsManagedSseEnabled).toBe(true);
      const policy = policies.find((p) => text(p.Properties?.Queues).includes(id));
      expect(policy?.Properties?.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
    const queue = resourceOf(t.template, t.stack.packPipeline.queue).Properties!;
    expect(queue.RedrivePolicy.maxReceiveCount).toBe(MAX_RENDER_ATTEMPTS);
    // Six times the worker's timeout, as AWS advises for SQS-triggered functions.
    const worker = resourceOf(t.template, t.stack.packPipeline.worker.function).Properties!;
    expect(queue.VisibilityTimeout).toBe(worker.Timeout * 6);
  });

  it('runs the worker one run per invocation with partial batch failures, the queue URL in its environment', () => {
    const mapping = Object.values(resources(t.template, 'AWS::Lambda::EventSourceMapping')).find((m) =>
      text(m.Properties?.EventSourceArn).includes(packQueue()),
    )!.Properties!;
    expect(mapping.BatchSize).toBe(1);
    expect(mapping.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(text(mapping.FunctionName)).toContain(logicalId(t.stack.packPipeline.worker.function));
    const worker = resourceOf(t.template, t.stack.packPipeline.worker.function).Properties!;
    expect(worker.Environment.Variables.PACK_QUEUE_URL).toEqual({ Ref: packQueue() });
  });

  it('lets the worker write only template files, use the table, send to and consume its own queue', () => {
    const statements = roleStatements(t.template, t.stack.packPipeline.worker.role);
    const s3 = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('s3:')));
    expect(s3.flatMap(actionsOf)).toEqual(['s3:PutObject']);
    expect(text(s3[0].Resource)).toContain('/templates/*');
    expect(text(s3[0].Resource)).toContain(logicalId(t.stack.storage.renders));
    expect(text(statements)).not.toContain(logicalId(t.stack.storage.uploads));
    const sqs = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('sqs:')));
    for (const statement of sqs) expect(text(statement.Resource)).toContain(packQueue());
    expect(sqs.flatMap(actionsOf)).toEqual(expect.arrayContaining(['sqs:SendMessage', 'sqs:ReceiveMessage']));
    for (const action of statements.flatMap(actionsOf))
      expect(action).not.toMatch(/(^\*$|:\*$|dynamodb:Scan)/);
  });

  it(`ticks every ${PACK_SCHEDULE_TICK_MINUTES} minutes with a "scheduled" message on the pack queue, sent by a role that may do only that`, () => {
    const schedule = resourceOf(t.template, t.stack.packPipeline.schedule).Properties!;
    expect(schedule.ScheduleExpression).toBe(`rate(${PACK_SCHEDULE_TICK_MINUTES} minutes)`);
    expect(schedule.State).not.toBe('DISABLED');
    expect(text(schedule.Target.Arn)).toContain(packQueue());
    expect(JSON.parse(schedule.Target.Input)).toEqual({ kind: 'scheduled' });
    const roleId = schedule.Target.RoleArn['Fn::GetAtt'][0];
    const policies = Object.values(resources(t.template, 'AWS::IAM::Policy')).filter((p) =>
      text(p.Properties?.Roles).includes(roleId),
    );
    const statements = policies.flatMap((p) => p.Properties?.PolicyDocument.Statement);
    expect(statements.flatMap((s) => [s.Action].flat())).toEqual(['sqs:SendMessage']);
    expect(text(statements)).toContain(packQueue());
  });

  it('of the API roles only admin may queue pack runs, and it gets the queue URL', () => {
    const senders = [...t.stack.api.handlers].filter(([, fn]) => sendsToPackQueue(fn.role)).map(([g]) => g);
    expect(senders).toEqual<RouteGroup[]>(['admin']);
    const admin = resourceOf(t.template, t.stack.api.handlers.get('admin')!.function).Properties!;
    expect(admin.Environment.Variables.PACK_QUEUE_URL).toEqual({ Ref: packQueue() });
    expect(t.stack.renderPipeline.worker && sendsToPackQueue(t.stack.renderPipeline.worker.role)).toBe(false);
  });

  it('alarms as soon as a pack message reaches the dead-letter queue', () => {
    const alarm = resourceOf(t.template, t.stack.packPipeline.deadLetterAlarm).Properties!;
    expect(text(alarm.Dimensions)).toContain(logicalId(t.stack.packPipeline.deadLetterQueue));
    expect(alarm.Threshold).toBe(1);
  });
});
