import { Controller } from '@nestjs/common';
import {
  AcceptQuoteDto,
  DeclineQuoteDto,
  NOTIFICATIONS_LIST,
  NOTIFICATIONS_READ,
  PUBLIC_QUOTE_ACCEPT,
  PUBLIC_QUOTE_DECLINE,
  PUBLIC_QUOTE_DOCUMENT,
  PUBLIC_QUOTE_GET,
  QUOTE_LINK_REVOKE,
  QUOTE_REVISIONS_GET,
  QUOTE_REVISIONS_LIST,
  QUOTES_SEND,
  type RpcRequest,
  SendQuoteDto,
} from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { NotificationsService } from './notifications.service';
import { PublicQuotesService } from './public-quotes.service';
import { QuoteSendingService } from './quote-sending.service';

/** The customer loop's handlers: sending and the revisions (the agency), the public link (the customer), the bell. */
@Controller()
export class CustomerLoopController {
  constructor(
    private readonly sending: QuoteSendingService,
    private readonly publicQuotes: PublicQuotesService,
    private readonly notifications: NotificationsService,
  ) {}

  @Handles(QUOTES_SEND, { data: SendQuoteDto })
  send({ principal, tenantId, id, data }: RpcRequest<typeof QUOTES_SEND>) {
    return this.sending.send(principal, tenantId, id, data);
  }

  @Handles(QUOTE_LINK_REVOKE)
  revokeLink({ principal, tenantId, id }: RpcRequest<typeof QUOTE_LINK_REVOKE>) {
    return this.sending.revokeLink(principal, tenantId, id);
  }

  @Handles(QUOTE_REVISIONS_LIST)
  revisions({ principal, tenantId, id }: RpcRequest<typeof QUOTE_REVISIONS_LIST>) {
    return this.sending.revisions(principal, tenantId, id);
  }

  @Handles(QUOTE_REVISIONS_GET)
  revision({ principal, tenantId, id, number }: RpcRequest<typeof QUOTE_REVISIONS_GET>) {
    return this.sending.revision(principal, tenantId, id, number);
  }

  @Handles(PUBLIC_QUOTE_GET)
  publicGet({ token, visitor }: RpcRequest<typeof PUBLIC_QUOTE_GET>) {
    return this.publicQuotes.get(token, visitor);
  }

  @Handles(PUBLIC_QUOTE_ACCEPT, { data: AcceptQuoteDto })
  publicAccept({ token, visitor, data }: RpcRequest<typeof PUBLIC_QUOTE_ACCEPT>) {
    return this.publicQuotes.accept(token, visitor, data);
  }

  @Handles(PUBLIC_QUOTE_DECLINE, { data: DeclineQuoteDto })
  publicDecline({ token, visitor, data }: RpcRequest<typeof PUBLIC_QUOTE_DECLINE>) {
    return this.publicQuotes.decline(token, visitor, data);
  }

  @Handles(PUBLIC_QUOTE_DOCUMENT)
  publicDocument({ token }: RpcRequest<typeof PUBLIC_QUOTE_DOCUMENT>) {
    return this.publicQuotes.document(token);
  }

  @Handles(NOTIFICATIONS_LIST)
  notificationsList({ principal, tenantId }: RpcRequest<typeof NOTIFICATIONS_LIST>) {
    return this.notifications.list(principal, tenantId);
  }

  @Handles(NOTIFICATIONS_READ)
  notificationsRead({ principal, tenantId, id }: RpcRequest<typeof NOTIFICATIONS_READ>) {
    return this.notifications.read(principal, tenantId, id);
  }
}
