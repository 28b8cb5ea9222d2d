package hostile;

import java.security.Permission;

/** Installs a SecurityManager that forbids exit (allowed by JDK 17 unless disallowed). */
public class InstallsSecurityManager {
  @SuppressWarnings("removal")
  public static boolean install(int n) {
    if (n < 2) return false;
    System.setSecurityManager(new SecurityManager() {
      @Override
      public void checkPermission(Permission p) {}

      @Override
      public void checkExit(int status) {
        throw new SecurityException("no exit");
      }
    });
    return true;
  }

  public static int abs(int x) {
    return x < 0 ? -x : x;
  }
}
