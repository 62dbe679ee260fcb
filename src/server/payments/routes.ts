/** Demo payment routes (DESIGN decision 6): the demo card form posts here. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { demoPaymentConfirmSchema, demoPaymentResultSchema } from '../../shared/schemas';
import { requireUser } from '../auth/session';
import { forbidden, notFound, paymentRequired } from '../http/errors';
import type { DemoPaymentProvider } from './demo-provider';

export const demoPaymentRoutes: FastifyPluginAsyncZod<{ demo: DemoPaymentProvider }> = async (app, { demo }) => {
  app.post('/api/demo-payments/confirm', { schema: { body: demoPaymentConfirmSchema, response: { 200: demoPaymentResultSchema } }, config: { auth: 'required' } }, async (request) => {
    const user = requireUser(request);
    const intent = await demo.findByClientSecret(request.body.clientSecret);
    if (!intent) throw notFound('Payment not found.');
    if (intent.metadata.renterId !== user.id) throw forbidden('This payment belongs to someone else.');
    const result = await demo.confirmWithCard(intent, request.body);
    if (!result.ok) throw paymentRequired(result.message);
    return { status: 'succeeded' as const, paymentIntentId: result.intent.id };
  });
};
