// The floor: a bare node:http server answering the same user JSON, with no session lookup at all.
import http from 'node:http';

const body = process.env.BENCH_USER_JSON;
http
  .createServer((request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
