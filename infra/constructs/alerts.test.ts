import { LOG_ALERTS, METRICS_NAMESPACE } from '@shared/deployment';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthTestStack, type TestStack } from '../testing/synth-test-stack';
import { type CfnJson, logicalId, resources, text } from '../testing/template-queries';
import { AppFunction } from './app-function';

let t: TestStack;
let alarms: CfnJson[];
beforeAll(() => {
  t = synthTestStack({ alarmEmail: 'ops@example.com' });
  alarms = Object.values(resources(t.template, 'AWS::CloudWatch::Alarm')).map((alarm) => alarm.Properties);
});

const topicRef = () => ({ Ref: logicalId(t.stack.alerts.topic) });

describe('Alarms that tell someone', () => {
  it('mails the alarm topic to the alarmEmail address, and subscribes nobody without one', () => {
    const subscriptions = Object.values(resources(t.template, 'AWS::SNS::Subscription'));
    expect(subscriptions.map((s) => s.Properties)).toEqual([
      expect.objectContaining({ Protocol: 'email', Endpoint: 'ops@example.com', TopicArn: topicRef() }),
    ]);
    const bare = synthTestStack();
    expect(Object.keys(resources(bare.template, 'AWS::SNS::Subscription'))).toEqual([]);
  });

  it('makes the topic the action of every alarm, the dead-letter alarms included', () => {
    expect(alarms.length).toBeGreaterThanOrEqual(2 + 2 + LOG_ALERTS.length);
    for (const alarm of alarms) {
      expect(alarm.AlarmActions, alarm.AlarmDescription).toEqual([topicRef()]);
      expect(alarm.OKActions, alarm.AlarmDescription).toEqual([topicRef()]);
    }
    const deadLetterQueues = [t.stack.renderPipeline.deadLetterQueue, t.stack.packPipeline.deadLetterQueue];
    for (const queue of deadLetterQueues) {
      expect(alarms.some((alarm) => text(alarm.Dimensions).includes(logicalId(queue)))).toBe(true);
    }
  });

  it("alarms on the HTTP API's 5xx answers and on its 429s (counted from the access log)", () => {
    const apiId = { Ref: logicalId(t.stack.api.httpApi) };
    expect(alarms).toContainEqual(
      expect.objectContaining({
        Namespace: 'AWS/ApiGateway',
        MetricName: '5xx',
        Dimensions: [{ Name: 'ApiId', Value: apiId }],
      }),
    );
    const filters = Object.values(resources(t.template, 'AWS::Logs::MetricFilter')).map(
      (f) => f.Properties as CfnJson,
    );
    const throttled = filters.find((f) => f.LogGroupName.Ref === logicalId(t.stack.api.accessLogs));
    expect(throttled?.FilterPattern).toBe('{ $.status = "429" }');
    const { MetricName, MetricNamespace } = throttled?.MetricTransformations[0] ?? {};
    expect(alarms).toContainEqual(expect.objectContaining({ Namespace: MetricNamespace, MetricName }));
  });

  it('counts JSON log lines with an alert field in every Lambda, and alarms on the first of each kind', () => {
    const filters = Object.values(resources(t.template, 'AWS::Logs::MetricFilter')).map(
      (f) => f.Properties as CfnJson,
    );
    const functions = t.stack.node.findAll().filter((c): c is AppFunction => c instanceof AppFunction);
    expect(functions.length).toBeGreaterThan(5);
    for (const fn of functions) {
      const filter = filters.find((f) => f.LogGroupName.Ref === logicalId(fn.logGroup)) as CfnJson;
      expect(filter, fn.node.path).toBeDefined();
      for (const alert of LOG_ALERTS) expect(filter.FilterPattern).toContain(`$.alert = "${alert}"`);
      expect(filter.MetricTransformations[0]).toMatchObject({
        MetricNamespace: METRICS_NAMESPACE,
        Dimensions: [{ Key: 'alert', Value: '$.alert' }],
      });
    }
    for (const alert of LOG_ALERTS) {
      expect(alarms).toContainEqual(
        expect.objectContaining({
          Namespace: METRICS_NAMESPACE,
          Dimensions: [{ Name: 'alert', Value: alert }],
          Threshold: 1,
        }),
      );
    }
  });

  it('gives every Lambda the metrics namespace its EMF metrics go to', () => {
    for (const fn of Object.values(resources(t.template, 'AWS::Lambda::Function'))) {
      const env = fn.Properties?.Environment?.Variables;
      if (env?.TABLE_NAME) expect(env.POWERTOOLS_METRICS_NAMESPACE).toBe(METRICS_NAMESPACE);
    }
  });
});
