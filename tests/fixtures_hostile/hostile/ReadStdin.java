package hostile;

import java.io.IOException;

/** Reads standard input to its end. */
public class ReadStdin {
  public static int drain(int n) throws IOException {
    if (n < 1) return 0;
    int count = 0;
    while (System.in.read() >= 0) count++;
    return count;
  }

  public static int twice(int x) {
    return x > 100 ? x : 2 * x;
  }
}
