package hostile;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** A blocking loopback read with no timeout, and a listener that holds a fixed port. */
public class SocketRead {
  private static ServerSocket held;

  public static int readForever(int n) throws IOException {
    if (n < 4) return n;
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
        Socket accepted = server.accept()) {
      InputStream in = client.getInputStream();
      return in.read();  // nobody writes: blocks forever
    }
  }

  public static boolean listen(int port) throws IOException {
    if (held != null) return false;
    held = new ServerSocket(40000 + Math.floorMod(port, 1000), 1, InetAddress.getLoopbackAddress());
    return true;
  }

  public static int half(int x) {
    return x / 2;
  }
}
