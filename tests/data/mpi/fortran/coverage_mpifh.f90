! Every call the interposer records, once or a few times, from Fortran with include 'mpif.h'
! (tst_mpifortran; 4 ranks). The loops that wait with Test*, Waitsome or Iprobe run as often as
! they must, so every rank counts its own calls and prints them on one line:
!   xylem fortran coverage rank R: MPI_Allgather=1 MPI_Test=7 ...
! Every result is checked; rank 0 says whether all were right.
program coverage_mpifh
  implicit none
  include 'mpif.h'
  character(len=32) :: names(80)
  integer :: counts(80), nnames
  character(len=3000) :: line
  character(len=16) :: number
  integer :: ierr, rank, nranks, provided, k, left, right, one, got, done, idx, outcount, dummy
  integer :: sbuf(4), rbuf(4), ones(4), displs(4), bytedispls(4), types(4), expect(4)
  integer :: nsend(4, 16), nrecv(4, 16), nreqs(16), indices(4)
  integer :: status(MPI_STATUS_SIZE), statuses(MPI_STATUS_SIZE, 4)
  integer :: req, world_group, even_group, comms(16), half, inter, sizes(16)
  integer :: dims(2), graph_index(4), graph_edges(8), sources(1), degrees(1), destinations(1)
  integer :: bsendbuf(1000), verdict, verdicts
  logical :: periods(2), remain(2), flag, ok

  nnames = 0
  call MPI_Init_thread(MPI_THREAD_SINGLE, provided, ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nranks, ierr)
  ok = nranks == 4
  right = mod(rank + 1, nranks)
  left = mod(rank + nranks - 1, nranks)
  ones = 1
  displs = [0, 1, 2, 3]
  bytedispls = 4 * displs
  types = MPI_INTEGER
  do k = 1, 4
    sbuf(k) = 10 * rank + k - 1
    expect(k) = 10 * (k - 1) + rank
  end do

  ! ---- blocking collectives ----
  one = rank
  call MPI_Allgather(one, 1, MPI_INTEGER, rbuf, 1, MPI_INTEGER, MPI_COMM_WORLD, ierr)
  call note('MPI_Allgather')
  ok = ok .and. all(rbuf == displs)
  call MPI_Alltoall(sbuf, 1, MPI_INTEGER, rbuf, 1, MPI_INTEGER, MPI_COMM_WORLD, ierr)
  call note('MPI_Alltoall')
  ok = ok .and. all(rbuf == expect)
  call MPI_Reduce_scatter(ones, got, ones, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  call note('MPI_Reduce_scatter')
  ok = ok .and. got == nranks
  call MPI_Reduce_scatter_block(ones, got, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  call note('MPI_Reduce_scatter_block')
  ok = ok .and. got == nranks
  rbuf = -1
  call MPI_Gather(one, 1, MPI_INTEGER, rbuf, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call note('MPI_Gather')
  if (rank == 0) ok = ok .and. all(rbuf == displs)
  call MPI_Scatter(sbuf, 1, MPI_INTEGER, got, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call note('MPI_Scatter')
  ok = ok .and. got == rank
  call MPI_Allgatherv(one, 1, MPI_INTEGER, rbuf, ones, displs, MPI_INTEGER, MPI_COMM_WORLD, ierr)
  call note('MPI_Allgatherv')
  ok = ok .and. all(rbuf == displs)
  call MPI_Alltoallv(sbuf, ones, displs, MPI_INTEGER, rbuf, ones, displs, MPI_INTEGER, &
                     MPI_COMM_WORLD, ierr)
  call note('MPI_Alltoallv')
  ok = ok .and. all(rbuf == expect)
  rbuf = -1
  call MPI_Alltoallw(sbuf, ones, bytedispls, types, rbuf, ones, bytedispls, types, &
                     MPI_COMM_WORLD, ierr)
  call note('MPI_Alltoallw')
  ok = ok .and. all(rbuf == expect)
  rbuf = -1
  call MPI_Gatherv(one, 1, MPI_INTEGER, rbuf, ones, displs, MPI_INTEGER, 3, MPI_COMM_WORLD, ierr)
  call note('MPI_Gatherv')
  if (rank == 3) ok = ok .and. all(rbuf == displs)
  call MPI_Scatterv(sbuf, ones, displs, MPI_INTEGER, got, 1, MPI_INTEGER, 3, MPI_COMM_WORLD, ierr)
  call note('MPI_Scatterv')
  ok = ok .and. got == 30 + rank
  call MPI_Scan(ones, got, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  call note('MPI_Scan')
  ok = ok .and. got == rank + 1
  call MPI_Exscan(ones, got, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  call note('MPI_Exscan')
  if (rank > 0) ok = ok .and. got == rank
  got = -1
  if (rank == 0) got = 77
  call MPI_Bcast(got, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call note('MPI_Bcast')
  ok = ok .and. got == 77
  call MPI_Reduce(ones, got, 1, MPI_INTEGER, MPI_SUM, 2, MPI_COMM_WORLD, ierr)
  call note('MPI_Reduce')
  if (rank == 2) ok = ok .and. got == nranks

  ! ---- non-blocking collectives, finished by every kind of Wait and Test ----
  nsend = 1
  nrecv = -1
  call MPI_Ibcast(nsend(1, 1), 1, MPI_INTEGER, 0, MPI_COMM_WORLD, req, ierr)
  call note('MPI_Ibcast')
  call MPI_Wait(req, status, ierr)
  call note('MPI_Wait')
  call MPI_Ibarrier(MPI_COMM_WORLD, req, ierr)
  call note('MPI_Ibarrier')
  flag = .false.
  do while (.not. flag)
    call MPI_Test(req, flag, MPI_STATUS_IGNORE, ierr)
    call note('MPI_Test')
  end do
  ok = ok .and. req == MPI_REQUEST_NULL
  call MPI_Iallreduce(nsend(1, 15), nrecv(1, 15), 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, req, &
                      ierr)
  call note('MPI_Iallreduce')
  call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
  call note('MPI_Wait')
  ok = ok .and. nrecv(1, 15) == nranks
  call MPI_Ialltoallw(nsend(1, 16), ones, bytedispls, types, nrecv(1, 16), ones, bytedispls, &
                      types, MPI_COMM_WORLD, req, ierr)
  call note('MPI_Ialltoallw')
  call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
  call note('MPI_Wait')
  ok = ok .and. all(nrecv(:, 16) == 1)

  call MPI_Ireduce(nsend(1, 2), nrecv(1, 2), 1, MPI_INTEGER, MPI_SUM, 1, MPI_COMM_WORLD, &
                   nreqs(1), ierr)
  call note('MPI_Ireduce')
  call MPI_Iallgather(nsend(1, 3), 1, MPI_INTEGER, nrecv(1, 3), 1, MPI_INTEGER, &
                      MPI_COMM_WORLD, nreqs(2), ierr)
  call note('MPI_Iallgather')
  call MPI_Ialltoall(nsend(1, 4), 1, MPI_INTEGER, nrecv(1, 4), 1, MPI_INTEGER, &
                     MPI_COMM_WORLD, nreqs(3), ierr)
  call note('MPI_Ialltoall')
  call MPI_Igather(nsend(1, 5), 1, MPI_INTEGER, nrecv(1, 5), 1, MPI_INTEGER, 2, &
                   MPI_COMM_WORLD, nreqs(4), ierr)
  call note('MPI_Igather')
  call MPI_Waitall(4, nreqs, statuses, ierr)
  call note('MPI_Waitall')
  if (rank == 1) ok = ok .and. nrecv(1, 2) == nranks
  ok = ok .and. all(nrecv(:, 3) == 1) .and. all(nrecv(:, 4) == 1)
  if (rank == 2) ok = ok .and. all(nrecv(:, 5) == 1)

  call MPI_Iscatter(nsend(1, 6), 1, MPI_INTEGER, nrecv(1, 6), 1, MPI_INTEGER, 0, &
                    MPI_COMM_WORLD, nreqs(1), ierr)
  call note('MPI_Iscatter')
  call MPI_Iallgatherv(nsend(1, 7), 1, MPI_INTEGER, nrecv(1, 7), ones, displs, MPI_INTEGER, &
                       MPI_COMM_WORLD, nreqs(2), ierr)
  call note('MPI_Iallgatherv')
  do k = 1, 2
    call MPI_Waitany(2, nreqs, idx, status, ierr)
    call note('MPI_Waitany')
    ok = ok .and. idx >= 1 .and. idx <= 2 .and. nreqs(idx) == MPI_REQUEST_NULL
  end do
  ok = ok .and. nrecv(1, 6) == 1 .and. all(nrecv(:, 7) == 1)

  call MPI_Ialltoallv(nsend(1, 8), ones, displs, MPI_INTEGER, nrecv(1, 8), ones, displs, &
                      MPI_INTEGER, MPI_COMM_WORLD, nreqs(1), ierr)
  call note('MPI_Ialltoallv')
  call MPI_Igatherv(nsend(1, 9), 1, MPI_INTEGER, nrecv(1, 9), ones, displs, MPI_INTEGER, 0, &
                    MPI_COMM_WORLD, nreqs(2), ierr)
  call note('MPI_Igatherv')
  call MPI_Iscatterv(nsend(1, 10), ones, displs, MPI_INTEGER, nrecv(1, 10), 1, MPI_INTEGER, 0, &
                     MPI_COMM_WORLD, nreqs(3), ierr)
  call note('MPI_Iscatterv')
  done = 0
  do while (done < 3)
    call MPI_Waitsome(3, nreqs, outcount, indices, MPI_STATUSES_IGNORE, ierr)
    call note('MPI_Waitsome')
    done = done + outcount
  end do
  ok = ok .and. all(nreqs(1:3) == MPI_REQUEST_NULL) .and. all(nrecv(:, 8) == 1)
  ok = ok .and. nrecv(1, 10) == 1

  call MPI_Ireduce_scatter(nsend(1, 11), nrecv(1, 11), ones, MPI_INTEGER, MPI_SUM, &
                           MPI_COMM_WORLD, nreqs(1), ierr)
  call note('MPI_Ireduce_scatter')
  call MPI_Ireduce_scatter_block(nsend(1, 12), nrecv(1, 12), 1, MPI_INTEGER, MPI_SUM, &
                                 MPI_COMM_WORLD, nreqs(2), ierr)
  call note('MPI_Ireduce_scatter_block')
  flag = .false.
  do while (.not. flag)
    call MPI_Testall(2, nreqs, flag, statuses, ierr)
    call note('MPI_Testall')
  end do
  ok = ok .and. nrecv(1, 11) == nranks .and. nrecv(1, 12) == nranks

  call MPI_Iscan(nsend(1, 13), nrecv(1, 13), 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, &
                 nreqs(1), ierr)
  call note('MPI_Iscan')
  call MPI_Iexscan(nsend(1, 14), nrecv(1, 14), 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, &
                   nreqs(2), ierr)
  call note('MPI_Iexscan')
  done = 0
  do while (done < 2)
    call MPI_Testany(2, nreqs, idx, flag, status, ierr)
    call note('MPI_Testany')
    if (flag .and. idx /= MPI_UNDEFINED) done = done + 1
  end do
  ok = ok .and. nrecv(1, 13) == rank + 1
  if (rank > 0) ok = ok .and. nrecv(1, 14) == rank

  ! ---- point-to-point ----
  call MPI_Irecv(got, 1, MPI_INTEGER, left, 40, MPI_COMM_WORLD, nreqs(1), ierr)
  call note('MPI_Irecv')
  call MPI_Isend(rank, 1, MPI_INTEGER, right, 40, MPI_COMM_WORLD, nreqs(2), ierr)
  call note('MPI_Isend')
  done = 0
  do while (done < 2)
    call MPI_Testsome(2, nreqs, outcount, indices, statuses, ierr)
    call note('MPI_Testsome')
    if (outcount /= MPI_UNDEFINED) done = done + outcount
  end do
  ok = ok .and. got == left

  one = 100 + rank
  if (mod(rank, 2) == 0) then
    call MPI_Ssend(one, 1, MPI_INTEGER, rank + 1, 41, MPI_COMM_WORLD, ierr)
    call note('MPI_Ssend')
  else
    call MPI_Recv(got, 1, MPI_INTEGER, rank - 1, 41, MPI_COMM_WORLD, status, ierr)
    call note('MPI_Recv')
    ok = ok .and. got == 99 + rank
  end if

  call MPI_Buffer_attach(bsendbuf, 4000, ierr)
  if (mod(rank, 2) == 0) then
    call MPI_Bsend(one, 1, MPI_INTEGER, rank + 1, 42, MPI_COMM_WORLD, ierr)
    call note('MPI_Bsend')
  else
    call MPI_Recv(got, 1, MPI_INTEGER, MPI_ANY_SOURCE, 42, MPI_COMM_WORLD, status, ierr)
    call note('MPI_Recv')
    ok = ok .and. got == 99 + rank .and. status(MPI_SOURCE) == rank - 1
  end if
  call MPI_Buffer_detach(bsendbuf, dummy, ierr)

  got = -1
  call MPI_Irecv(got, 1, MPI_INTEGER, left, 43, MPI_COMM_WORLD, req, ierr)
  call note('MPI_Irecv')
  call MPI_Barrier(MPI_COMM_WORLD, ierr) ! every receive is posted before any ready send
  call note('MPI_Barrier')
  call MPI_Rsend(rank, 1, MPI_INTEGER, right, 43, MPI_COMM_WORLD, ierr)
  call note('MPI_Rsend')
  call MPI_Wait(req, status, ierr)
  call note('MPI_Wait')
  ok = ok .and. got == left .and. status(MPI_SOURCE) == left

  call MPI_Issend(rank, 1, MPI_INTEGER, right, 44, MPI_COMM_WORLD, req, ierr)
  call note('MPI_Issend')
  call MPI_Recv(got, 1, MPI_INTEGER, left, 44, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call note('MPI_Recv')
  call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
  call note('MPI_Wait')
  ok = ok .and. got == left

  one = rank
  call MPI_Sendrecv_replace(one, 1, MPI_INTEGER, right, 45, left, 45, MPI_COMM_WORLD, status, ierr)
  call note('MPI_Sendrecv_replace')
  ok = ok .and. one == left .and. status(MPI_SOURCE) == left
  got = -1
  call MPI_Sendrecv(rank, 1, MPI_INTEGER, right, 48, got, 1, MPI_INTEGER, left, 48, &
                    MPI_COMM_WORLD, status, ierr)
  call note('MPI_Sendrecv')
  ok = ok .and. got == left .and. status(MPI_SOURCE) == left
  ! A send request freed while active (the Recv completes it): MPI_REQUEST_FREE's way back.
  call MPI_Isend(rank, 1, MPI_INTEGER, right, 49, MPI_COMM_WORLD, req, ierr)
  call note('MPI_Isend')
  call MPI_Request_free(req, ierr)
  ok = ok .and. req == MPI_REQUEST_NULL
  got = -1
  call MPI_Recv(got, 1, MPI_INTEGER, left, 49, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call note('MPI_Recv')
  ok = ok .and. got == left

  if (mod(rank, 2) == 0) then
    call MPI_Send(rank, 1, MPI_INTEGER, rank + 1, 46, MPI_COMM_WORLD, ierr)
    call note('MPI_Send')
    call MPI_Send(rank, 1, MPI_INTEGER, rank + 1, 47, MPI_COMM_WORLD, ierr)
    call note('MPI_Send')
  else
    call MPI_Probe(MPI_ANY_SOURCE, 46, MPI_COMM_WORLD, status, ierr)
    call note('MPI_Probe')
    ok = ok .and. status(MPI_SOURCE) == rank - 1
    call MPI_Recv(got, 1, MPI_INTEGER, status(MPI_SOURCE), 46, MPI_COMM_WORLD, status, ierr)
    call note('MPI_Recv')
    flag = .false.
    do while (.not. flag)
      call MPI_Iprobe(rank - 1, 47, MPI_COMM_WORLD, flag, status, ierr)
      call note('MPI_Iprobe')
    end do
    ok = ok .and. status(MPI_TAG) == 47
    call MPI_Recv(got, 1, MPI_INTEGER, rank - 1, 47, MPI_COMM_WORLD, status, ierr)
    call note('MPI_Recv')
    ok = ok .and. got == rank - 1
  end if

  ! ---- communicators ----
  comms = MPI_COMM_NULL
  call MPI_Comm_dup(MPI_COMM_WORLD, comms(1), ierr)
  call note('MPI_Comm_dup')
  call MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, comms(2), ierr)
  call note('MPI_Comm_dup_with_info')
  call MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, comms(3), &
                           ierr)
  call note('MPI_Comm_split_type')
  call MPI_Comm_group(MPI_COMM_WORLD, world_group, ierr)
  call MPI_Group_incl(world_group, 2, [0, 2], even_group, ierr)
  call MPI_Comm_create(MPI_COMM_WORLD, even_group, comms(4), ierr)
  call note('MPI_Comm_create')
  if (mod(rank, 2) == 0) then
    call MPI_Comm_create_group(MPI_COMM_WORLD, even_group, 7, comms(5), ierr)
    call note('MPI_Comm_create_group')
  end if
  dims = [2, 2]
  periods = [.true., .false.]
  call MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, .false., comms(6), ierr)
  call note('MPI_Cart_create')
  remain = [.true., .false.]
  call MPI_Cart_sub(comms(6), remain, comms(7), ierr)
  call note('MPI_Cart_sub')
  graph_index = [2, 4, 6, 8]
  graph_edges = [3, 1, 0, 2, 1, 3, 2, 0]
  call MPI_Graph_create(MPI_COMM_WORLD, 4, graph_index, graph_edges, .false., comms(8), ierr)
  call note('MPI_Graph_create')
  sources = rank
  degrees = 1
  destinations = right
  call MPI_Dist_graph_create(MPI_COMM_WORLD, 1, sources, degrees, destinations, MPI_UNWEIGHTED, &
                             MPI_INFO_NULL, .false., comms(9), ierr)
  call note('MPI_Dist_graph_create')
  sources = left
  call MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, sources, MPI_UNWEIGHTED, 1, &
                                      destinations, MPI_UNWEIGHTED, MPI_INFO_NULL, .false., &
                                      comms(10), ierr)
  call note('MPI_Dist_graph_create_adjacent')
  call MPI_Comm_split(MPI_COMM_WORLD, mod(rank, 2), rank, half, ierr)
  call note('MPI_Comm_split')
  call MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - mod(rank, 2), 8, inter, ierr)
  call note('MPI_Intercomm_create')
  call MPI_Intercomm_merge(inter, mod(rank, 2) == 1, comms(11), ierr)
  call note('MPI_Intercomm_merge')
  sizes = 0
  do k = 1, 11
    if (comms(k) /= MPI_COMM_NULL) call MPI_Comm_size(comms(k), sizes(k), ierr)
  end do
  ok = ok .and. all(sizes(1:3) == nranks) .and. sizes(6) == 4 .and. sizes(7) == 2
  ok = ok .and. all(sizes(8:11) == nranks)
  if (mod(rank, 2) == 0) then
    ok = ok .and. sizes(4) == 2 .and. sizes(5) == 2
  else
    ok = ok .and. comms(4) == MPI_COMM_NULL
  end if
  do k = 1, 11
    if (comms(k) /= MPI_COMM_NULL) call MPI_Comm_free(comms(k), ierr)
  end do
  call MPI_Comm_free(inter, ierr)
  call MPI_Comm_free(half, ierr)
  call MPI_Group_free(even_group, ierr)
  call MPI_Group_free(world_group, ierr)
  ok = ok .and. all(comms == MPI_COMM_NULL)

  verdict = merge(1, 0, ok)
  call MPI_Allreduce(verdict, verdicts, 1, MPI_INTEGER, MPI_MIN, MPI_COMM_WORLD, ierr)
  call note('MPI_Allreduce')

  write (line, '(a,i0,a)') 'xylem fortran coverage rank ', rank, ':'
  do k = 1, nnames
    write (number, '(i0)') counts(k)
    line = trim(line)//' '//trim(names(k))//'='//trim(number)
  end do
  print '(a)', trim(line)
  if (rank == 0) then
    if (verdicts == 1) then
      print '(a)', 'xylem fortran coverage mpif.h: every result right'
    else
      print '(a)', 'xylem fortran coverage mpif.h: WRONG results'
    end if
  end if
  call MPI_Finalize(ierr)

contains

  ! One more call of name by this rank.
  subroutine note(name)
    character(len=*), intent(in) :: name
    integer :: i
    do i = 1, nnames
      if (names(i) == name) then
        counts(i) = counts(i) + 1
        return
      end if
    end do
    nnames = nnames + 1
    names(nnames) = name
    counts(nnames) = 1
  end subroutine note
end program coverage_mpifh
