package jtestgen.rt;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * Hooks called at the entry of JDK methods (inserted by the engine, jvm/jdk_guards.h): they
 * record what a test execution did to the world outside the JVM, so that such a test is not
 * written, and refuse exits and process starts. Armed only in the search JVM; a plain JVM
 * never calls them. (No string concatenation by invokedynamic here: its bootstrap must not run
 * inside a hook.) Any thread counts for the current execution. The hooks do no I/O and call
 * nothing that could reach a hooked method again.
 */
public final class Sandbox {
  public static final int EXIT = 1;
  public static final int FILES = 2;
  public static final int NETWORK = 4;
  public static final int PROCESS = 8;
  public static final int SECURITY_MANAGER = 16;
  /** Read or listed the home, working or temporary directory (see userDirs). */
  public static final int USER_DIRS = 32;

  private static volatile boolean armed;
  /**
   * The test folder (absolute, no trailing '/'): a writable directory the engine empties
   * before each test and the written test maps to JUnit's temporary folder. Writes below it
   * are not events. Null when there is none.
   */
  private static volatile String testFolder;
  /**
   * The directory (absolute, no trailing '/') holding the home, working and temporary
   * directories the code under test sees (the sandbox's bait, JTG_BAIT_DIR), or null. A test
   * that reads or lists below it would read the user's own directories when written.
   */
  private static volatile String userDirs;
  /** Events since the engine last read them (bits above). */
  public static volatile int events;
  /** A description of the first event since then, or null. */
  public static volatile String first;

  private Sandbox() {}

  /** Threads started since the engine last read them (Thread.start's hook), and their count. */
  public static Thread[] started = new Thread[8];
  public static volatile int startedCount;

  /**
   * Arms the hooks; threads of the code under test die quietly from then on. `folder` is the
   * test folder (see testFolder), or null.
   */
  public static void arm(String folder) {
    Thread.setDefaultUncaughtExceptionHandler(new Quiet());
    testFolder = folder;
    String bait = System.getenv("JTG_BAIT_DIR");
    userDirs = bait == null || bait.isEmpty() ? null : bait;
    armed = true;
  }

  /**
   * Whether `target` (a path as File, Path or String) names the test folder or a path below
   * it, literally: absolute, with no ".." segment (a relative path resolves against the
   * working directory, which is elsewhere). Symbolic links cannot lead out: creating one is an
   * event wherever it is.
   */
  static boolean inFolder(Object target) {
    String folder = testFolder;
    if (folder == null || target == null) return false;
    String p = describe(target);
    if (!p.startsWith(folder)) return false;
    if (p.length() != folder.length() && p.charAt(folder.length()) != '/') return false;
    return !p.contains("/../") && !p.endsWith("/..");
  }

  /**
   * Whether `target` names the user's directories: a path below userDirs, or the working
   * directory itself or its parent by a relative name ("", ".", "./x", ".."). Other relative
   * names (a random "x7") are not counted: they name nothing in a user's directory but by
   * chance.
   */
  static boolean inUserDirs(Object target) {
    String dirs = userDirs;
    if (dirs == null || target == null) return false;
    String p = describe(target);
    if (p.isEmpty() || p.equals(".") || p.equals("..") || p.startsWith("./") || p.startsWith("../")) {
      return true;
    }
    return p.startsWith(dirs) && (p.length() == dirs.length() || p.charAt(dirs.length()) == '/');
  }

  /** Entry of a method that reads or lists files (FileInputStream.open, File.list, opendir). */
  public static void reads(int unused, Object target) {
    if (armed && inUserDirs(target) && !inFolder(target)) {
      record(USER_DIRS, "reads: ".concat(describe(target)));
    }
  }

  /** The uncaught exceptions of the code under test's threads are not the engine's output. */
  private static final class Quiet implements Thread.UncaughtExceptionHandler {
    @Override
    public void uncaughtException(Thread t, Throwable e) {}
  }

  /**
   * Entry of Thread.start(): the engine stops what a test left running (thread_tracker.h).
   * The JDK's own service threads (InnocuousThread: Common-Cleaner, a Cleaner's thread), which
   * the JDK starts lazily during whichever test first needs them, are not the test's: they are
   * meant to live on, and stopping them would break the JDK for every later test.
   */
  public static synchronized void thread(int unused, Object thread) {
    if (!armed || !(thread instanceof Thread)) return;
    if (thread.getClass().getName().equals("jdk.internal.misc.InnocuousThread")) return;
    if (startedCount == started.length) {
      Thread[] bigger = new Thread[started.length * 2];
      System.arraycopy(started, 0, bigger, 0, startedCount);
      started = bigger;
    }
    started[startedCount++] = (Thread) thread;
  }

  /** The threads started since the last call (engine side; the array is then cleared). */
  public static synchronized Thread[] takeStarted() {
    if (startedCount == 0) return null;
    Thread[] out = new Thread[startedCount];
    System.arraycopy(started, 0, out, 0, startedCount);
    for (int i = 0; i < startedCount; i++) started[i] = null;
    startedCount = 0;
    return out;
  }

  private static synchronized void record(int kind, String what) {
    events |= kind;
    if (first == null && what != null) first = what;
  }

  private static String describe(Object target) {
    if (target == null) return "?";
    try {
      return String.valueOf(target);
    } catch (RuntimeException e) {
      return target.getClass().getName();
    }
  }

  /** Entry of a method that writes, creates, deletes or renames files; `target` names it. */
  public static void files(int unused, Object target) {
    if (armed && !inFolder(target)) record(FILES, "files: ".concat(describe(target)));
  }

  /** Entry of a rename: both ends count. */
  public static void rename(Object from, Object to) {
    if (!armed) return;
    if (!inFolder(from)) {
      record(FILES, "files: ".concat(describe(from)));
    } else if (!inFolder(to)) {
      record(FILES, "files: ".concat(describe(to)));
    }
  }

  /** Entry of a link or symbolic link creation: an event wherever it is. */
  public static void link(int unused, Object target) {
    if (armed) record(FILES, "files (link): ".concat(describe(target)));
  }

  /**
   * Entry of sun.nio.fs.UnixNativeDispatcher.open/openat: opens that may write count, and
   * reads of the user's directories.
   */
  public static void open(Object path, int flags) {
    // O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND (Linux)
    if (armed && (flags & (0x1 | 0x2 | 0x40 | 0x200 | 0x400)) != 0 && !inFolder(path)) {
      record(FILES, "files: ".concat(describe(path)));
    } else {
      reads(0, path);
    }
  }

  /**
   * Entry of UnixNativeDispatcher.access(path, mode): asking whether a file may be written
   * (W_OK = 2) gets "no" in the read-only sandbox and "yes" on the user's machine, so a test
   * whose outcome may hang on it is not contained.
   */
  public static void writeCheck(Object path, int mode) {
    if (armed && (mode & 2) != 0 && !inFolder(path)) {
      record(FILES, "files (write check): ".concat(describe(path)));
    }
  }

  /** Entry of RandomAccessFile.open(String, int): its mode bit 2 is read-write. */
  public static void randomAccess(Object name, int mode) {
    if (armed && (mode & 2) != 0 && !inFolder(name)) {
      record(FILES, "files: ".concat(describe(name)));
    } else {
      reads(0, name);
    }
  }

  /** Entry of sun.nio.ch.Net.connect/bind: anything but a loopback address counts. */
  public static void network(int unused, Object address) {
    if (!armed) return;
    InetAddress a = null;
    if (address instanceof InetAddress) {
      a = (InetAddress) address;
    } else if (address instanceof InetSocketAddress) {
      a = ((InetSocketAddress) address).getAddress();
    }
    if (a == null || !a.isLoopbackAddress()) record(NETWORK, "network: ".concat(describe(address)));
  }

  /** Entry of ProcessBuilder.start(): refused. */
  public static void process(int unused, Object builder) throws IOException {
    if (!armed) return;
    record(PROCESS, "process");
    throw new IOException("process creation refused by jtestgen's sandbox");
  }

  /** Entry of System.setSecurityManager: recorded (the JVM refuses it: security.manager=disallow). */
  public static void securityManager(int unused, Object manager) {
    if (armed) record(SECURITY_MANAGER, "System.setSecurityManager");
  }

  /** Entry of Runtime.exit and Runtime.halt: never obeyed in the search JVM. */
  public static void exit(int status) {
    if (!armed) return;
    record(EXIT, "exit(".concat(Integer.toString(status)).concat(")"));
    throw new ExitAttempt(status);
  }
}
