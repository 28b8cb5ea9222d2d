package cover;

// Conditionals of every shape the probes must split or share: if-then (a stranded block),
// if-then-else, && and ||, loops, ternaries, table and lookup switches with shared targets,
// fall-through and a merging default, a catch handler.
final class Branchy {
  private Branchy() {}

  static long run(int phase) {
    long s = 0;
    for (int i = -3; i < 4000; i++) {
      s += classify(phase == 0 ? i : -i);
      s += day(i % 9);
      s += sparse(phase * 100 + i % 5);
    }
    s += parse(phase == 2 ? "x" : "12");
    s += ifThen(phase);
    return s;
  }

  static int classify(int x) {
    if (x < 0 && x > -2) {  // cov: covered
      return 1;
    } else if (x < 0 || x == 7) {
      return 2;
    }
    return x % 2 == 0 ? 3 : 4;
  }

  static int ifThen(int phase) {
    int r = 0;
    if (phase > 0) {
      r += 10;  // cov: covered
    }
    if (phase > 5) {
      r += 20;  // cov: missed
    }
    return r;
  }

  static int day(int d) {
    int r;
    switch (d) {
      case 0:
      case 6:
        r = 1;
        break;
      case 1:
        r = 2;
        // fall through
      case 2:
        r = 3;
        break;
      case 3:
        return 4;
      default:
        r = 5;
    }
    return r;
  }

  static int sparse(int k) {
    switch (k) {
      case 1:
        return 10;
      case 100:
        return 20;
      case 1000:
        return 30;  // cov: missed
      case 203:
        return 40;
      default:
        break;
    }
    return 0;
  }

  static int parse(String s) {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  // A loop at the very start of a method: its back edge jumps to the entry block, which also
  // runs at every call, so that block's probe cannot record the jump. Run with n = 1 (once).
  static int doWhileOnce(int n) {
    do {
      if (n % 2 == 0) {
        n -= 1;
      }
      n -= 1;
    } while (n > 0);  // cov: partly
    return n;
  }
}
