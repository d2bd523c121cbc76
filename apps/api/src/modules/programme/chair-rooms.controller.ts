import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { RoomDto } from '@symposium/domain';
import { IdParam } from '../../common/id-param.js';
import { CreateRoomDto, UpdateRoomDto } from './dto/programme.dto.js';
import { ProgrammeErrors } from './programme.errors.js';
import { ProgrammeService } from './programme.service.js';

const RoomId = () => IdParam('roomId', ProgrammeErrors.roomNotFound);

/** /ViewEditAddRooms: chairs only. */
@ApiTags('programme')
@Controller('chair/rooms')
export class ChairRoomsController {
  constructor(private readonly programme: ProgrammeService) {}

  @Get()
  list(): Promise<RoomDto[]> {
    return this.programme.listRooms();
  }

  @Get(':roomId')
  @ApiParam({ name: 'roomId', type: Number })
  get(@RoomId() roomId: number): Promise<RoomDto> {
    return this.programme.getRoom(roomId);
  }

  @Post()
  create(@Body() body: CreateRoomDto): Promise<RoomDto> {
    return this.programme.createRoom(body);
  }

  @Put(':roomId')
  @ApiParam({ name: 'roomId', type: Number })
  update(@RoomId() roomId: number, @Body() body: UpdateRoomDto): Promise<RoomDto> {
    return this.programme.updateRoom(roomId, body);
  }

  @Delete(':roomId')
  @ApiParam({ name: 'roomId', type: Number })
  remove(@RoomId() roomId: number): Promise<{ ok: true }> {
    return this.programme.deleteRoom(roomId);
  }
}
