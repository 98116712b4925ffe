import { ChildStoppedError, ChildSupervisor, type ChildSpec, type OutputSink, type RestartPolicy } from './supervisor.ts';

export interface StackOptions {
  server: ChildSpec;
  /** Called again once the server is healthy: by then it has written the connector secret. */
  connector: () => ChildSpec;
  policy?: Partial<RestartPolicy>;
  output?: OutputSink;
}

/** The server and the connector: started in that order, stopped in reverse. */
export class MusterStack {
  readonly server: ChildSupervisor;
  readonly connector: ChildSupervisor;
  readonly #connectorSpec: () => ChildSpec;
  #stopping = false;

  constructor(options: StackOptions) {
    const supervisorOptions = { policy: options.policy, output: options.output };
    this.server = new ChildSupervisor(options.server, supervisorOptions);
    this.connector = new ChildSupervisor(options.connector(), supervisorOptions);
    this.#connectorSpec = options.connector;
  }

  /** Resolves when both run; rejects when the server gives up or the stack is stopped meanwhile. */
  async start(): Promise<void> {
    this.#stopping = false;
    await this.server.start();
    // stop() may have run while the server was starting; don't start the connector after it.
    if (this.#stopping) throw new ChildStoppedError(this.connector.name);
    await this.connector.restart(this.#connectorSpec());
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    await this.connector.stop();
    await this.server.stop();
  }
}
