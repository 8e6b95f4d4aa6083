/**
 * One request, one answer, to a Web Worker started on first use and then kept: requests carry
 * an id and the answer with the same id settles the promise (an error of the worker rejects it).
 */
export function workerCaller<Req extends object, Ans extends { readonly id: number }>(
  start: () => Worker,
  failure: string,
): (req: Req) => Promise<Ans> {
  let worker: Worker | null = null;
  let nextId = 1;
  return (req) => {
    worker ??= start();
    const w = worker;
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const done = (): void => {
        w.removeEventListener('message', onMessage);
        w.removeEventListener('error', onError);
      };
      const onMessage = (e: MessageEvent<Ans>): void => {
        if (e.data.id !== id) return;
        done();
        resolve(e.data);
      };
      const onError = (e: ErrorEvent): void => {
        done();
        reject(new Error(e.message || failure));
      };
      w.addEventListener('message', onMessage);
      w.addEventListener('error', onError);
      w.postMessage({ ...req, id });
    });
  };
}
