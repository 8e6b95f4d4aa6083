export declare const SERVER_NODE_FLAGS: readonly string[];
export declare function serverNodeFlags(nodeOptions?: string): string[];
