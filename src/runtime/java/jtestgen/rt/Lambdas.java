package jtestgen.rt;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * Values of functional interfaces for the engine's kLambda statements: a {@link Proxy} that
 * behaves like the lambda the written test spells, {@code () -> value} or {@code (a, b) -> {
 * }}. Every abstract method (and bridge) returns the one constant, or the primitive default
 * when the constant is null; void methods do nothing. Object's equals, hashCode and toString
 * use identity, as a lambda's do; default methods run their default bodies. Never
 * instrumented (boot loader).
 */
public final class Lambdas implements InvocationHandler {
  /** InvocationHandler.invokeDefault (Java 16+), looked up reflectively: compiled for 8. */
  private static final Method INVOKE_DEFAULT = invokeDefaultMethod();

  private final Object value;

  private Lambdas(Object value) {
    this.value = value;
  }

  /**
   * An instance of functional interface {@code iface} returning {@code value} (boxed for a
   * primitive return type). The proxy class is defined in the interface's own loader, which
   * sees it (the system loader for JDK interfaces).
   */
  public static Object make(Class<?> iface, Object value) {
    ClassLoader loader = iface.getClassLoader();
    if (loader == null) loader = ClassLoader.getSystemClassLoader();
    return Proxy.newProxyInstance(loader, new Class<?>[] {iface}, new Lambdas(value));
  }

  /**
   * The class file of {@code internalName} (a/b/C) as the system loader finds it, JDK classes
   * included (class files are never encapsulated); null when there is none.
   */
  public static byte[] classBytes(String internalName) throws IOException {
    InputStream in = ClassLoader.getSystemResourceAsStream(internalName + ".class");
    if (in == null) return null;
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] buf = new byte[8192];
      for (int n; (n = in.read(buf)) > 0; ) out.write(buf, 0, n);
      return out.toByteArray();
    } finally {
      in.close();
    }
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    if (method.getDeclaringClass() == Object.class) {
      String name = method.getName();
      if (name.equals("equals")) return proxy == args[0];
      if (name.equals("hashCode")) return System.identityHashCode(proxy);
      return proxy.getClass().getName() + "@"
          + Integer.toHexString(System.identityHashCode(proxy));
    }
    if (method.isDefault() && !method.isBridge() && INVOKE_DEFAULT != null) {
      try {
        return INVOKE_DEFAULT.invoke(null, proxy, method, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      } catch (IllegalAccessException | IllegalArgumentException e) {
        // Not accessible from here (a non-public interface): answer like the SAM.
      }
    }
    Class<?> r = method.getReturnType();
    if (r == void.class) return null;
    if (value == null && r.isPrimitive()) return defaultValue(r);
    return value;
  }

  private static Object defaultValue(Class<?> r) {
    if (r == boolean.class) return Boolean.FALSE;
    if (r == char.class) return Character.valueOf((char) 0);
    if (r == byte.class) return Byte.valueOf((byte) 0);
    if (r == short.class) return Short.valueOf((short) 0);
    if (r == int.class) return Integer.valueOf(0);
    if (r == long.class) return Long.valueOf(0L);
    if (r == float.class) return Float.valueOf(0f);
    return Double.valueOf(0d);
  }

  private static Method invokeDefaultMethod() {
    try {
      return InvocationHandler.class.getMethod(
          "invokeDefault", Object.class, Method.class, Object[].class);
    } catch (NoSuchMethodException e) {
      return null;
    }
  }
}
