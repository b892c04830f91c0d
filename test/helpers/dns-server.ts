// A real DNS server on loopback (UDP, RFC 1035 wire format) for the outbound resolver: answers A
// queries as the test says: addresses, NXDOMAIN, or never ('hold', a server that stopped answering).
// AAAA queries get an empty answer (the name has no IPv6 address).
import { createSocket, type RemoteInfo } from 'node:dgram';
import type { AddressInfo } from 'node:net';

export type DnsAnswer = string[] | 'nxdomain' | 'hold';

export interface DnsServer {
  port: number;
  /** Every question received: `A name` or `AAAA name`. */
  questions: string[];
  /** Questions left unanswered ('hold'). */
  held: number;
  answer: (name: string) => DnsAnswer;
  close(): Promise<void>;
}

const TYPE_A = 1;
const TYPE_AAAA = 28;

/** The question's name, type and where it ends (QNAME labels, QTYPE, QCLASS after the 12-byte header). */
function question(msg: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (msg[at] !== 0) {
    labels.push(msg.subarray(at + 1, at + 1 + msg[at]).toString('latin1'));
    at += 1 + msg[at];
  }
  return { name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(at + 1), end: at + 5 };
}

export async function startDns(answer: DnsServer['answer'] = () => 'nxdomain'): Promise<DnsServer> {
  const socket = createSocket('udp4');
  const server: DnsServer = {
    port: 0, questions: [], held: 0, answer,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
  socket.on('message', (msg: Buffer, from: RemoteInfo) => {
    const q = question(msg);
    server.questions.push(`${q.type === TYPE_AAAA ? 'AAAA' : q.type === TYPE_A ? 'A' : q.type} ${q.name}`);
    const a = server.answer(q.name);
    if (a === 'hold') {
      server.held++;
      return;
    }
    const addresses = a === 'nxdomain' || q.type !== TYPE_A ? [] : a;
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2); // the query's id
    header.writeUInt16BE(a === 'nxdomain' ? 0x8183 : 0x8180, 2); // a response, recursion available; NXDOMAIN or no error
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(addresses.length, 6);
    const records = addresses.map((ip) => {
      const r = Buffer.alloc(16);
      r.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      r.writeUInt16BE(TYPE_A, 2);
      r.writeUInt16BE(1, 4); // IN
      r.writeUInt32BE(60, 6);
      r.writeUInt16BE(4, 10);
      ip.split('.').forEach((o, i) => r.writeUInt8(Number(o), 12 + i));
      return r;
    });
    socket.send(Buffer.concat([header, msg.subarray(12, q.end), ...records]), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  server.port = (socket.address() as AddressInfo).port;
  return server;
}
