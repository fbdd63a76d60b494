import net from "node:net";

/** One HTTP/1.1 answer read off a raw connection. */
export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/**
 * A raw TCP connection to a test server: the tests write exact bytes (malformed requests, bodies the server may
 * refuse before reading them) and read answers one at a time, on the same connection, as a keep-alive client does.
 */
export class RawConnection {
  private buffer = Buffer.alloc(0);
  private closed = false;
  private wake: (() => void) | null = null;

  private constructor(private readonly socket: net.Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake?.();
    });
    socket.on("close", () => {
      this.closed = true;
      this.wake?.();
    });
    socket.on("error", () => {
      // A reset counts as closed (the close event follows).
    });
  }

  static open(port: number, host = "127.0.0.1"): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, host, () => resolve(new RawConnection(socket)));
      socket.once("error", reject);
    });
  }

  /** Writes bytes; resolves once they are handed to the kernel (or the connection is gone). */
  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) return resolve();
      this.socket.write(data, () => resolve());
    });
  }

  /** True once the server closed the connection (or it was reset). */
  get isClosed(): boolean {
    return this.closed;
  }

  /** The next whole answer, or null when the connection closes first or nothing comes within `timeoutMs`. */
  async response(timeoutMs = 5000): Promise<RawResponse | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = this.take();
      if (parsed) return parsed;
      if (this.closed || Date.now() >= deadline) return null;
      await this.waitForData(deadline - Date.now());
    }
  }

  /** Waits until the server closes the connection; false when it is still open after `timeoutMs`. */
  async closesWithin(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await this.waitForData(deadline - Date.now());
    return this.closed;
  }

  destroy(): void {
    this.socket.destroy();
  }

  private waitForData(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(1, ms));
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }

  /** Removes one complete answer from the buffer, if there is one. */
  private take(): RawResponse | null {
    const end = this.buffer.indexOf("\r\n\r\n");
    if (end < 0) return null;
    const head = this.buffer.subarray(0, end).toString("latin1").split("\r\n");
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0] ?? "")?.[1] ?? Number.NaN);
    const headers: Record<string, string> = {};
    for (const line of head.slice(1)) {
      const colon = line.indexOf(":");
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    let rest = this.buffer.subarray(end + 4);
    // 1xx answers (100 Continue) come before the real one.
    if (status >= 100 && status < 200) {
      this.buffer = rest;
      return this.take();
    }
    let body: Buffer;
    if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = rest.indexOf("\r\n");
        if (lineEnd < 0) return null;
        const size = Number.parseInt(rest.subarray(0, lineEnd).toString("latin1"), 16);
        if (rest.length < lineEnd + 2 + size + 2) return null;
        parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
        rest = rest.subarray(lineEnd + 2 + size + 2);
        if (size === 0) break;
      }
      body = Buffer.concat(parts);
    } else if (headers["content-length"] !== undefined) {
      const length = Number(headers["content-length"]);
      if (rest.length < length) return null;
      body = rest.subarray(0, length);
      rest = rest.subarray(length);
    } else {
      // No length: the body runs to the end of the connection.
      if (!this.closed) return null;
      body = rest;
      rest = Buffer.alloc(0);
    }
    this.buffer = rest;
    return { status, headers, body: body.toString("utf8") };
  }
}
