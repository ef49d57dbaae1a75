/**
 * Alarms that tell someone: one SNS topic (mailed to the CDK context's `alarmEmail` when given) as the
 * action of every alarm, the HTTP API's 5xx and throttling alarms, and alarms on the log lines that
 * carry an `alert` field (refunds, disputes, failed paid renders; shared/deployment.ts LOG_ALERTS).
 */
import { LOG_ALERTS, METRICS_NAMESPACE } from '@shared/deployment';
import { Duration } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

/** The metric the log filters count, with the alert's name as its one dimension. */
export const LOG_ALERT_METRIC = 'LogAlerts';
/** 5xx answers in 5 minutes that wake someone: one is a bug report, five is an outage. */
export const API_5XX_THRESHOLD = 5;
/** 429s in 5 minutes (stage throttles and hourly quotas alike): a flood, or limits set too tight. */
export const API_429_THRESHOLD = 50;

export type AlertsProps = {
  /** Where alarm notifications go (CDK context alarmEmail); the topic has no subscriber without it. */
  email?: string;
};

export class Alerts extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: AlertsProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Topic', { displayName: 'Little Futures alarms', enforceSSL: true });
    if (props.email) this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));
  }

  /** Every alarm notifies the topic when it fires and when it clears. */
  notify(...alarms: cloudwatch.Alarm[]): void {
    for (const alarm of alarms) {
      alarm.addAlarmAction(new actions.SnsAction(this.topic));
      alarm.addOkAction(new actions.SnsAction(this.topic));
      this.alarms.push(alarm);
    }
  }

  /** 5xx answers, and 429s counted from the access log (HTTP APIs publish no throttle metric). */
  watchApi(httpApi: apigwv2.IHttpApi, accessLogs: logs.ILogGroup): void {
    const fiveMinutes = { period: Duration.minutes(5), statistic: cloudwatch.Stats.SUM };
    const serverErrors = new cloudwatch.Alarm(this, 'Api5xxAlarm', {
      alarmDescription: 'The HTTP API answered 5xx: look at the Lambda logs of the failing routes.',
      metric: httpApi.metricServerError(fiveMinutes),
      threshold: API_5XX_THRESHOLD,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    const throttled = new logs.MetricFilter(this, 'Api429Filter', {
      logGroup: accessLogs,
      filterPattern: logs.FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: METRICS_NAMESPACE,
      metricName: 'ApiThrottled',
      metricValue: '1',
      defaultValue: 0,
    });
    const throttling = new cloudwatch.Alarm(this, 'ApiThrottlingAlarm', {
      alarmDescription:
        'Many 429s from the HTTP API (stage or route throttles, hourly quotas): an attack, or limits to raise.',
      metric: throttled.metric(fiveMinutes),
      threshold: API_429_THRESHOLD,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    this.notify(serverErrors, throttling);
  }

  /** One filter per log group counts the `alert` lines; one alarm per alert fires on the first. */
  watchLogAlerts(logGroups: logs.ILogGroup[]): void {
    logGroups.forEach((logGroup, index) => {
      new logs.MetricFilter(this, `LogAlertFilter${index}`, {
        logGroup,
        filterPattern: logs.FilterPattern.any(
          ...LOG_ALERTS.map((alert) => logs.FilterPattern.stringValue('$.alert', '=', alert)),
        ),
        metricNamespace: METRICS_NAMESPACE,
        metricName: LOG_ALERT_METRIC,
        metricValue: '1',
        dimensions: { alert: '$.alert' },
      });
    });
    for (const alert of LOG_ALERTS) {
      const alarm = new cloudwatch.Alarm(this, `LogAlert-${alert}`, {
        alarmDescription: `A log line with alert = "${alert}": look it up in Logs Insights (filter alert = "${alert}").`,
        metric: new cloudwatch.Metric({
          namespace: METRICS_NAMESPACE,
          metricName: LOG_ALERT_METRIC,
          dimensionsMap: { alert },
          period: Duration.minutes(5),
          statistic: cloudwatch.Stats.SUM,
        }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      this.notify(alarm);
    }
  }
}
